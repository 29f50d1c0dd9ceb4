import { Hono } from "hono";
import type { CurrentUser, SignInResult } from "../../shared/api-types.ts";
import { MESSAGES, fillMessage } from "../../shared/messages.ts";
import { balance, isActive, isPaid, todayIn } from "../../shared/membership.ts";
import { signInSchema } from "../../shared/schemas/sign-in.ts";
import { getCredentials, getMemberSummary, getUserRecord } from "../db/members.ts";
import { createSession, endSession } from "../db/sessions.ts";
import { clearFailures, getFailures, recordFailure } from "../db/sign-in-failures.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError, unauthenticated } from "../lib/errors.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { randomId, signSessionToken } from "../lib/session-token.ts";
import { retryAfterSeconds } from "../lib/sign-in-backoff.ts";
import { readFullProfile } from "../lib/full-profile-access.ts";
import { loadViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody } from "../middleware/validate.ts";

// Sign-in and the session: POST users/sign_in (section 7), the current user,
// fetch user by pid (the own record, or a full profile) and logout (paths of
// ours, design brief section 3).

/**
 * A hash no password matches, checked when the Profile ID is unknown so that
 * an unknown ID costs the same PBKDF2 time as a wrong password.
 */
const dummyHashes = new Map<string, Promise<string>>();
function dummyHash(pepper: string): Promise<string> {
  let hash = dummyHashes.get(pepper);
  if (!hash) {
    hash = hashPassword(randomId(24), pepper);
    dummyHashes.set(pepper, hash);
  }
  return hash;
}

const signInFailed = () => new ApiError(400, "SIGN_IN_FAILED", MESSAGES.loginFailed, { err: MESSAGES.loginFailed });

const users = new Hono<AppEnv>()
  .post("/sign_in", ...jsonBody(signInSchema), async (c) => {
    const { pid, password } = c.req.valid("json");
    const cfg = config(c.env);
    const now = new Date();

    const previous = await getFailures(c.env.DB, pid);
    const wait = previous ? retryAfterSeconds(previous.failures, previous.lastFailedAt, now) : 0;
    if (wait > 0) {
      const text = `Too many attempts. Please try again after ${wait} seconds.`;
      throw new ApiError(429, "TOO_MANY_REQUESTS", text, { err: text }, { "Retry-After": String(wait) });
    }

    const member = await getCredentials(c.env.DB, pid);
    const matches = await verifyPassword(password, member?.passwordHash ?? (await dummyHash(cfg.passwordPepper)), cfg.passwordPepper);
    if (!member || !matches) {
      await recordFailure(c.env.DB, pid, now);
      throw signInFailed();
    }
    if (!member.active) {
      // Only someone who knows the password learns that the profile is closed.
      const text = fillMessage("Your profile is not active. Please contact {agency} {phone}", { agency: cfg.agencyName, phone: cfg.agencyPhone });
      throw new ApiError(400, "SIGN_IN_FAILED", text, { err: text });
    }

    const sessionId = randomId();
    const expiresAt = new Date(now.getTime() + cfg.sessionTtlSeconds * 1000);
    await Promise.all([createSession(c.env.DB, sessionId, pid, expiresAt), previous ? clearFailures(c.env.DB, pid) : null]);
    const token = await signSessionToken({ pid, sessionId }, cfg.sessionSecret, expiresAt);
    const result: SignInResult = { token, pid, profileLimits: member.profileLimits };
    return c.json({ data: result });
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
    if (pid === c.var.member.pid && c.req.query("normalized") !== "true") {
      const record = await getUserRecord(c.env.DB, pid);
      if (!record) throw unauthenticated();
      return c.json({ data: record });
    }
    // The full profile with names (section 7: "A full-profile fetch uses pid and normalized true").
    return c.json({ data: await readFullProfile(c, await loadViewer(c), pid) });
  })
  .post("/sign_out", requireMember(), async (c) => {
    await endSession(c.env.DB, c.var.member.sessionId, new Date());
    return c.json({ data: { signedOut: true } });
  });

export default users;
