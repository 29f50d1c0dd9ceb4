import type { SignInResult } from "../../shared/api-types.ts";
import type { Credentials } from "../db/members.ts";
import { createSession } from "../db/sessions.ts";
import { getStaffFailures } from "../db/staff.ts";
import { clearFailures, getFailures, type FailureRecord } from "../db/sign-in-failures.ts";
import { config, type AppContext } from "../env.ts";
import { ApiError } from "./errors.ts";
import { hashPassword } from "./password.ts";
import { randomId, signSessionToken } from "./session-token.ts";
import { retryAfterSeconds } from "./sign-in-backoff.ts";

// What every way of signing in shares: the back-off per Profile ID, the
// equal cost of unknown IDs, and the start of a session (ADR 0004).

/** Refuses an attempt while its failure record (a Profile ID's or a staff username's) is backing off. */
export function refuseWhileBackingOff(previous: FailureRecord | null, now: Date): void {
  const wait = previous ? retryAfterSeconds(previous.failures, previous.lastFailedAt, now) : 0;
  if (wait > 0) {
    const text = `Too many attempts. Please try again after ${wait} seconds.`;
    throw new ApiError(429, "TOO_MANY_REQUESTS", text, { err: text }, { "Retry-After": String(wait) });
  }
}

/**
 * Refuses an attempt while the Profile ID is backing off; returns its
 * failure record so that a success can clear it.
 */
export async function checkBackoff(db: D1Database, pid: number, now: Date): Promise<FailureRecord | null> {
  const previous = await getFailures(db, pid);
  refuseWhileBackingOff(previous, now);
  return previous;
}

/** The same for a staff username (console sign-in, and proving a password to change it). */
export async function checkStaffBackoff(db: D1Database, username: string, now: Date): Promise<FailureRecord | null> {
  const previous = await getStaffFailures(db, username);
  refuseWhileBackingOff(previous, now);
  return previous;
}

/**
 * A hash no password matches, checked when the Profile ID is unknown so that
 * an unknown ID costs the same PBKDF2 time as a wrong password.
 */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyHash(pepper: string): Promise<string> {
  let hash = dummyHashes.get(pepper);
  if (!hash) {
    hash = hashPassword(randomId(24), pepper);
    dummyHashes.set(pepper, hash);
  }
  return hash;
}

/** A deactivated member who proved who they are is told to contact the agency. */
export function inactiveProfile(c: AppContext): ApiError {
  const { agencyName, agencyPhone } = config(c.env);
  const text = `Your profile is not active. Please contact ${agencyName} ${agencyPhone}`;
  return new ApiError(400, "SIGN_IN_FAILED", text, { err: text });
}

/** Starts a server-side session and signs its token. */
export async function startSession(c: AppContext, member: Credentials, previous: FailureRecord | null, now: Date): Promise<SignInResult> {
  const cfg = config(c.env);
  const sessionId = randomId();
  const expiresAt = new Date(now.getTime() + cfg.sessionTtlSeconds * 1000);
  await Promise.all([createSession(c.env.DB, sessionId, member.pid, expiresAt), previous ? clearFailures(c.env.DB, member.pid).run() : null]);
  const token = await signSessionToken({ pid: member.pid, sessionId }, cfg.sessionSecret, expiresAt);
  return { token, pid: member.pid, profileLimits: member.profileLimits };
}
