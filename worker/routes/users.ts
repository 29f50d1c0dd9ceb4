import { Hono } from "hono";
import type { CurrentUser } from "../../shared/api-types.ts";
import { MESSAGES, fillMessage } from "../../shared/messages.ts";
import { balance, isActive, isPaid, todayIn } from "../../shared/membership.ts";
import { readAutoLoginPayload } from "../../shared/links.ts";
import { linkSignInSchema, signInSchema } from "../../shared/schemas/sign-in.ts";
import { getCredentials, getMemberSummary } from "../db/members.ts";
import { findLinkToken } from "../db/link-tokens.ts";
import { endSession } from "../db/sessions.ts";
import { recordFailure } from "../db/sign-in-failures.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError, unauthenticated } from "../lib/errors.ts";
import { trackLink } from "../lib/link-analytics.ts";
import { sha256Hex } from "../lib/link-tokens.ts";
import { verifyPassword } from "../lib/password.ts";
import { checkBackoff, dummyHash, inactiveProfile, startSession } from "../lib/sign-in.ts";
import { readFullProfile } from "../lib/full-profile-access.ts";
import { ownRecord } from "../lib/own-record.ts";
import { loadViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody } from "../middleware/validate.ts";

// Sign-in and the session: POST users/sign_in (section 7), link sign-in for
// the auto-login links, the current user, fetch user by pid (the own record,
// or a full profile) and logout (paths of ours, design brief section 3).

const signInFailed = () => new ApiError(400, "SIGN_IN_FAILED", MESSAGES.loginFailed, { err: MESSAGES.loginFailed });

const users = new Hono<AppEnv>()
  .post("/sign_in", ...jsonBody(signInSchema), async (c) => {
    const { pid, password } = c.req.valid("json");
    const pepper = config(c.env).passwordPepper;
    const now = new Date();
    const previous = await checkBackoff(c.env.DB, pid, now);
    const member = await getCredentials(c.env.DB, pid);
    const matches = await verifyPassword(password, member?.passwordHash ?? (await dummyHash(pepper)), pepper);
    if (!member || !matches) {
      await recordFailure(c.env.DB, pid, now);
      throw signInFailed();
    }
    // Only someone who knows the password learns that the profile is closed.
    if (!member.active) throw inactiveProfile(c);
    return c.json({ data: await startSession(c, member, previous, now) });
  })
  .post("/link_sign_in", ...jsonBody(linkSignInSchema), async (c) => {
    const { kind, link } = c.req.valid("json");
    const now = new Date();
    const cfg = config(c.env);
    const invalid = () => {
      const text = kind === "whatsapp" ? MESSAGES.invalidWhatsappLink : fillMessage(MESSAGES.invalidAutoLoginLink, { agency: cfg.agencyName, phone: cfg.agencyPhone });
      return new ApiError(400, "INVALID_LINK", text, { err: text });
    };
    const payload = readAutoLoginPayload(link);
    if (!payload) {
      trackLink(c, { link: kind, step: "sign_in", outcome: "failure" });
      throw invalid();
    }
    const previous = await checkBackoff(c.env.DB, payload.pid, now);
    const member = await getCredentials(c.env.DB, payload.pid);
    const token = await findLinkToken(c.env.DB, await sha256Hex(payload.pin), now);
    let valid = token !== null && token.live && member !== null && token.memberPid === member.pid && token.kind === kind;
    // Links from an earlier system carry the password (ADR 0011).
    if (!valid && token === null && cfg.allowPasswordLinks) {
      valid = member !== null && (await verifyPassword(payload.pin, member.passwordHash, cfg.passwordPepper));
    }
    if (!member || !valid) {
      // A genuine link that expired or was revoked is not a guess: it does not count towards back-off.
      if (token === null) await recordFailure(c.env.DB, payload.pid, now);
      trackLink(c, { link: kind, step: "sign_in", outcome: "failure", pid: payload.pid });
      throw invalid();
    }
    if (!member.active) throw inactiveProfile(c);
    trackLink(c, { link: kind, step: "sign_in", outcome: "success", pid: member.pid });
    return c.json({ data: await startSession(c, member, previous, now) });
  })
  .get("/current", requireMember(), async (c) => {
    const summary = await getMemberSummary(c.env.DB, c.var.member.pid);
    if (!summary) throw unauthenticated();
    const limits = summary.profileLimits;
    const user: CurrentUser = {
      ...summary,
      membership: {
        paid: isPaid(limits),
        active: isActive(limits, todayIn(config(c.env).agencyTimeZone)),
        balance: balance(limits),
      },
    };
    c.header("Cache-Control", "no-store");
    return c.json({ data: user });
  })
  .get("/:pid{[0-9]+}", requireMember(), async (c) => {
    const pid = Number(c.req.param("pid"));
    c.header("Cache-Control", "no-store");
    // The owner's own record with ids, for the edit screen (fetch user by pid).
    if (pid === c.var.member.pid && c.req.query("normalized") !== "true") return c.json({ data: await ownRecord(c, pid) });
    // The full profile with names (section 7: "A full-profile fetch uses pid and normalized true").
    return c.json({ data: await readFullProfile(c, await loadViewer(c), pid) });
  })
  .post("/sign_out", requireMember(), async (c) => {
    await endSession(c.env.DB, c.var.member.sessionId, new Date());
    return c.json({ data: { signedOut: true } });
  });

export default users;
