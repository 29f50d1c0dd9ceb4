import { Hono } from "hono";
import type { ApiSuccess, CurrentUser, FullProfile, LinkSignInResult, OwnRecord, SignInResult } from "#shared/api-types.ts";
import { balance, isActive, isPaid } from "#shared/membership.ts";
import { todayIn } from "#shared/dates.ts";
import { readAutoLoginPayload, type AutoLoginKind, type AutoLoginPayload } from "#shared/links.ts";
import { languageChoiceSchema, type LanguageChoice } from "#shared/schemas/language.ts";
import { linkSignInSchema, signInSchema } from "#shared/schemas/sign-in.ts";
import { getCredentials, setMemberLanguage } from "../db/members.ts";
import { findLinkToken, useLinkToken, type IssuedLinkToken } from "../db/link-tokens.ts";
import { endSession, insertSession } from "../db/sessions.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { ApiError, text, unauthenticated } from "../lib/errors.ts";
import { trackLink } from "../lib/link-analytics.ts";
import { reuseGraceStart, sha256Hex } from "../lib/link-tokens.ts";
import { memberSummary } from "../lib/live-sessions.ts";
import { inactiveProfile, newSession, passwordMatches, signInAnswer, startPasswordSession, takePasswordAttempt } from "../lib/sign-in.ts";
import { readFullProfile } from "../lib/full-profile-access.ts";
import { ownRecord } from "../lib/own-record.ts";
import { loadViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody } from "../middleware/validate.ts";

// Sign-in and the session: POST users/sign_in (§ "7. The calls the product makes"), link sign-in for
// the auto-login links, the current user, fetch user by pid (the own record,
// or a full profile) and logout (paths of ours, ADR 0004).

const signInFailed = () => new ApiError(400, "SIGN_IN_FAILED", text("server.loginFailed"), { err: text("server.loginFailed") });

function invalidLink(c: AppContext, kind: AutoLoginKind): ApiError {
  const { agencyName, agencyPhone } = config(c.env);
  const said = kind === "whatsapp" ? text("server.invalidLink") : text("server.invalidAutoLoginLink", { agency: agencyName, phone: agencyPhone });
  return new ApiError(400, "INVALID_LINK", said, { err: said });
}

/**
 * A password check (sign-in, or the password an earlier system's link
 * carries), counted before it is made (ADR 0024). An unknown Profile ID,
 * or one with no password yet, costs and answers the same as a wrong
 * password (passwordMatches); only someone who knows
 * the password learns that the profile is closed.
 */
async function signInWithPassword(c: AppContext, pid: number, password: string, now: Date): Promise<SignInResult | null> {
  const pepper = config(c.env).passwordPepper;
  await takePasswordAttempt(c, { pid }, now);
  const member = await getCredentials(c.env.DB, pid);
  const matches = await passwordMatches(password, member?.passwordHash, pepper);
  if (!member || !matches) return null;
  if (!member.active) throw inactiveProfile(c, member);
  return startPasswordSession(c, member, now);
}

/**
 * A link token signs in its member for what it was made for (kind and
 * target), once and again within minutes, whatever passwords were guessed
 * at the member: password back-off plays no part (ADR 0024). Using the
 * link and starting the session are one batch, so a revocation cannot fall
 * between them.
 */
async function signInWithToken(
  c: AppContext,
  token: IssuedLinkToken,
  link: { kind: AutoLoginKind; payload: AutoLoginPayload; hash: string },
  now: Date,
): Promise<SignInResult | null> {
  const { kind, payload, hash } = link;
  const targetPid = payload.iPid ?? null;
  if (token.memberPid !== payload.pid || token.kind !== kind || token.targetPid !== targetPid) return null;
  const member = await getCredentials(c.env.DB, payload.pid);
  if (!member) return null;
  // Told as after a right password; the link stays unused (useLinkToken checks again, for a deactivation meanwhile).
  if (!member.active) throw inactiveProfile(c, member);
  const session = newSession(c, member.pid, { method: token.issuedBy === null ? "link" : "agency_link", linkHash: hash }, now);
  const [used, inserted] = await c.env.DB.batch([
    useLinkToken(c.env.DB, { hash, memberPid: member.pid, kind, targetPid }, now, reuseGraceStart(now)),
    insertSession(c.env.DB, session, { onlyIfPreviousChanged: true }),
  ]);
  if (!used?.results.length) return null;
  if (!inserted?.meta.changes) throw inactiveProfile(c, member);
  return signInAnswer(c, member, session);
}

/** The signed-in member as GET users/current answers it, with their membership as of today; null once the profile is gone. */
async function currentUser(c: AppContext, pid: number): Promise<CurrentUser | null> {
  const summary = await memberSummary(c.env.DB, pid);
  if (!summary) return null;
  const limits = summary.profileLimits;
  return {
    ...summary,
    membership: {
      paid: isPaid(limits),
      active: isActive(limits, todayIn(config(c.env).agencyTimeZone)),
      balance: balance(limits),
    },
  };
}

const users = new Hono<AppEnv>()
  .post("/sign_in", ...jsonBody(signInSchema), async (c) => {
    const { pid, password } = c.req.valid("json");
    const result = await signInWithPassword(c, pid, password, new Date());
    if (!result) throw signInFailed();
    return c.json({ data: result } satisfies ApiSuccess<SignInResult>);
  })
  .post("/link_sign_in", ...jsonBody(linkSignInSchema), async (c) => {
    const { kind, link } = c.req.valid("json");
    const now = new Date();
    const payload = readAutoLoginPayload(link);
    if (!payload) {
      trackLink(c, { link: kind, step: "sign_in", outcome: "failure" });
      throw invalidLink(c, kind);
    }
    // The token is looked up first: a genuine link never meets the password back-off.
    const hash = await sha256Hex(payload.pin);
    const token = await findLinkToken(c.env.DB, hash);
    let result: SignInResult | null = null;
    if (token) result = await signInWithToken(c, token, { kind, payload, hash }, now);
    // Links from an earlier system carry the password (ADR 0011).
    else if (config(c.env).allowPasswordLinks) result = await signInWithPassword(c, payload.pid, payload.pin, now);
    if (!result) {
      trackLink(c, { link: kind, step: "sign_in", outcome: "failure", pid: payload.pid });
      throw invalidLink(c, kind);
    }
    // The current user comes with the session: the screen the link opens
    // needs it first, and asking for it after would cost a slow phone a
    // round trip before that screen shows anything (ADR 0031).
    const user = await currentUser(c, result.pid);
    // Only a profile erased between the two reads has none: its link is no more.
    if (!user) throw invalidLink(c, kind);
    trackLink(c, { link: kind, step: "sign_in", outcome: "success", pid: result.pid });
    return c.json({ data: { ...result, user } } satisfies ApiSuccess<LinkSignInResult>);
  })
  .get("/current", requireMember(), async (c) => {
    const user = await currentUser(c, c.var.member.pid);
    if (!user) throw unauthenticated();
    c.header("Cache-Control", "no-store");
    return c.json({ data: user } satisfies ApiSuccess<CurrentUser>);
  })
  // The language the member chose with the switch, for every device they sign in on (ADR 0040).
  .put("/language", requireMember(), ...jsonBody(languageChoiceSchema), async (c) => {
    const { language } = c.req.valid("json");
    if (!(await setMemberLanguage(c.env.DB, c.var.member.pid, language))) throw unauthenticated();
    return c.json({ data: { language } } satisfies ApiSuccess<LanguageChoice>);
  })
  .get("/:pid{[0-9]+}", requireMember(), async (c) => {
    const pid = Number(c.req.param("pid"));
    c.header("Cache-Control", "no-store");
    // The owner's own record with ids, for the edit screen (fetch user by pid).
    if (pid === c.var.member.pid && c.req.query("normalized") !== "true") return c.json({ data: await ownRecord(c, pid) } satisfies ApiSuccess<OwnRecord>);
    // The full profile with names (§ "7. The calls the product makes": "A full-profile fetch uses pid and normalized true").
    return c.json({ data: await readFullProfile(c, await loadViewer(c), pid) } satisfies ApiSuccess<FullProfile>);
  })
  .post("/sign_out", requireMember(), async (c) => {
    await endSession(c.env.DB, c.var.member.sessionId, new Date());
    return c.json({ data: { signedOut: true } } satisfies ApiSuccess<{ signedOut: true }>);
  });

export default users;
