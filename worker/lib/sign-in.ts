import type { SignInMethod, SignInResult } from "#shared/api-types.ts";
import { toStoredDisplayDate, todayIn } from "#shared/dates.ts";
import type { Credentials } from "../db/members.ts";
import { insertSession, type NewSession } from "../db/sessions.ts";
import { countAttempt, forgiveNetworkFailures, secondsToWait, type SignInAccount } from "../db/sign-in-failures.ts";
import { config, type AppContext } from "../env.ts";
import { clientAddress } from "../middleware/rate-limit.ts";
import { clientNetwork } from "./client-network.ts";
import { ApiError, text } from "./errors.ts";
import { LINK_SESSION_DAYS } from "./link-tokens.ts";
import { hashPassword, isPasswordHash, verifyPassword } from "./password.ts";
import { randomId, signSessionToken } from "./session-token.ts";
import { ALL_NETWORKS, PER_NETWORK } from "./sign-in-backoff.ts";

// What every way of signing in shares: the back-off on password attempts,
// the equal cost of unknown IDs, and the start of a session (ADR 0004,
// ADR 0024).

function tooManyAttempts(wait: number): ApiError {
  const after = wait < 60 ? { unit: "second", n: wait } : { unit: "minute", n: Math.ceil(wait / 60) };
  const said = text("server.tooManyAttempts", after);
  return new ApiError(429, "TOO_MANY_REQUESTS", said, { err: said }, { "Retry-After": String(wait) });
}

/**
 * Counts a password attempt on a Profile ID or staff username before the
 * password is checked (so attempts sent at once are counted too), for the
 * caller's client network and for all networks; refuses it with 429 while
 * either is backing off. A right password must then forgive the network's
 * failures (rightPasswordStatements).
 */
export async function takePasswordAttempt(c: AppContext, account: SignInAccount, now: Date): Promise<void> {
  const network = callerNetwork(c);
  const attempt = await countAttempt(c.env.DB, account, network, { network: PER_NETWORK, allNetworks: ALL_NETWORKS }, now);
  if (!attempt.counted) throw tooManyAttempts(Math.max(1, await secondsToWait(c.env.DB, account, network, now)));
  // Guesses from many networks at one account: worth an alert in the logs.
  if (attempt.allNetworkFailures === ALL_NETWORKS.free) {
    console.warn(JSON.stringify({ kind: "sign_in_ceiling_reached", account, failures: attempt.allNetworkFailures }));
  }
}

/** The caller's client network: its IPv4 address or IPv6 /64 (worker/lib/client-network.ts). */
export function callerNetwork(c: AppContext): string {
  return clientNetwork(clientAddress(c.req.raw));
}

/** What a right password changes in the back-off: the caller network's failures forgiven (forgiveNetworkFailures); for a batch. */
export function rightPasswordStatements(c: AppContext, account: SignInAccount): D1PreparedStatement[] {
  return forgiveNetworkFailures(c.env.DB, account, callerNetwork(c));
}

/** A hash no password matches (a random one), made once per pepper. */
const dummyHashes = new Map<string, Promise<string>>();
function dummyHash(pepper: string): Promise<string> {
  let hash = dummyHashes.get(pepper);
  if (!hash) {
    hash = hashPassword(randomId(24), pepper);
    dummyHashes.set(pepper, hash);
  }
  return hash;
}

/**
 * Checks a sign-in password at the same PBKDF2 cost whether the account is
 * unknown (`stored` undefined), has no password yet (NO_PASSWORD) or a
 * malformed hash, or has one: the time taken must not tell a stranger which
 * Profile IDs exist or have a password (ADR 0004). The first three are
 * checked against the dummy hash and never match.
 */
export async function passwordMatches(password: string, stored: string | undefined, pepper: string): Promise<boolean> {
  if (stored !== undefined && isPasswordHash(stored)) return verifyPassword(password, stored, pepper);
  await verifyPassword(password, await dummyHash(pepper), pepper);
  return false;
}

/**
 * A member who proved who they are but may not sign in: a deleted profile is
 * told when its data is erased (ADR 0034), a deactivated one to contact the agency.
 */
export function inactiveProfile(c: AppContext, member: Pick<Credentials, "erasedAfter">): ApiError {
  const { agencyName, agencyPhone, agencyTimeZone } = config(c.env);
  const said = member.erasedAfter
    ? text("server.profileDeleted", { date: toStoredDisplayDate(todayIn(agencyTimeZone, new Date(member.erasedAfter))) })
    : text("server.profileInactive", { agency: agencyName, phone: agencyPhone });
  return new ApiError(400, "SIGN_IN_FAILED", said, { err: said });
}

/** How a session begins: a link sign-in names its link, so that revoking the link ends the session. */
export type SessionOrigin = { method: Extract<SignInMethod, "password" | "code"> } | { method: Extract<SignInMethod, "link" | "agency_link">; linkHash: string };

/** A new session's row, not yet written: link sessions end sooner (ADR 0024). */
export function newSession(c: AppContext, pid: number, origin: SessionOrigin, now: Date): NewSession {
  const passwordTtl = config(c.env).sessionTtlSeconds * 1000;
  const ttl = "linkHash" in origin ? Math.min(passwordTtl, LINK_SESSION_DAYS * 86_400_000) : passwordTtl;
  return { id: randomId(), pid, expiresAt: new Date(now.getTime() + ttl), method: origin.method, linkHash: "linkHash" in origin ? origin.linkHash : null };
}

/** The sign-in answer for a session that is written: its signed token. */
export async function signInAnswer(c: AppContext, member: Credentials, session: NewSession): Promise<SignInResult> {
  const token = await signSessionToken({ pid: member.pid, sessionId: session.id }, config(c.env).sessionSecret, session.expiresAt);
  return { token, pid: member.pid, profileLimits: member.profileLimits };
}

/** Starts a server-side session of an active member and signs its token. */
export async function startSession(c: AppContext, member: Credentials, origin: SessionOrigin, now: Date): Promise<SignInResult> {
  const session = newSession(c, member.pid, origin, now);
  await insertSession(c.env.DB, session).run();
  return signInAnswer(c, member, session);
}

/**
 * A member's session after a right password; their network's failures are
 * forgiven in the same batch. Null when the password was reset (or the
 * profile closed) since its hash was read: the old password starts nothing.
 */
export async function startPasswordSession(c: AppContext, member: Credentials, now: Date): Promise<SignInResult | null> {
  const session = newSession(c, member.pid, { method: "password" }, now);
  const results = await c.env.DB.batch([
    ...rightPasswordStatements(c, { pid: member.pid, whilePasswordHash: member.passwordHash }),
    insertSession(c.env.DB, session, { passwordHash: member.passwordHash }),
  ]);
  if (!results.at(-1)?.meta.changes) return null;
  return signInAnswer(c, member, session);
}
