import type { SignInMethod } from "#shared/api-types.ts";
import { forgetAllSessions, forgetMemberSessions, forgetSession } from "../lib/live-sessions.ts";
import { DELETED_IN_THIS_BATCH } from "./erasure.ts";

// Server-side sessions: one row per sign-in, ended by logout or revocation,
// with how it began and the link that opened it (ADR 0024). Every ending
// goes through here and also makes this isolate forget the sessions it
// remembered as live (worker/lib/live-sessions.ts, ADR 0029).

export interface NewSession {
  id: string;
  pid: number;
  expiresAt: Date;
  method: SignInMethod;
  /** The hash of the link token that opened it, for link sign-ins. */
  linkHash: string | null;
}

/**
 * A session for an active member, for a batch. `onlyIfPreviousChanged`: only
 * when the batch's previous statement changed a row (the link was used).
 * `passwordHash`: only while the member's stored hash is still the one the
 * password was checked against, so a reset that lands meanwhile wins (ADR 0004).
 */
export function insertSession(db: D1Database, session: NewSession, options: { onlyIfPreviousChanged?: boolean; passwordHash?: string } = {}): D1PreparedStatement {
  const condition = options.onlyIfPreviousChanged ? "changes() > 0 AND " : "";
  return db
    .prepare(
      `INSERT INTO sessions (id, member_pid, expires_at, method, link_token_hash)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE ${condition}EXISTS (SELECT 1 FROM members WHERE pid = ?2 AND active = 1 AND (?6 IS NULL OR password_hash = ?6))`,
    )
    .bind(session.id, session.pid, session.expiresAt.toISOString(), session.method, session.linkHash, options.passwordHash ?? null);
}

/**
 * True when the session exists, belongs to `pid`, has not ended or expired,
 * and the member is still active: a deactivated member's tokens stop working
 * at once.
 */
export async function isSessionLive(db: D1Database, id: string, pid: number, now: Date): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS live FROM sessions s JOIN members m ON m.pid = s.member_pid
       WHERE s.id = ?1 AND s.member_pid = ?2 AND s.ended_at IS NULL AND s.expires_at > ?3 AND m.active = 1`,
    )
    .bind(id, pid, now.toISOString())
    .first<{ live: number }>();
  return row !== null;
}

export async function endSession(db: D1Database, id: string, now: Date): Promise<void> {
  forgetSession(id);
  await db.prepare("UPDATE sessions SET ended_at = ?2 WHERE id = ?1 AND ended_at IS NULL").bind(id, now.toISOString()).run();
}

/**
 * Ends every live session of the member: their tokens stop working at once.
 * `onlyIfDeletedNow`: only when the batch's markDeleted deleted the profile at `now`.
 */
export function endMemberSessions(db: D1Database, pid: number, now: Date, options: { onlyIfDeletedNow?: boolean } = {}): D1PreparedStatement {
  forgetMemberSessions(pid);
  const condition = options.onlyIfDeletedNow ? ` AND ${DELETED_IN_THIS_BATCH}` : "";
  return db.prepare(`UPDATE sessions SET ended_at = ?2 WHERE member_pid = ?1 AND ended_at IS NULL AND expires_at > ?2${condition}`).bind(pid, now.toISOString());
}

/**
 * Ends the member's sessions but this one: after a password change, other
 * devices sign in again. Only while this one is live: once a reset ended it,
 * it cannot end the session the reset started.
 */
export function endOtherSessions(db: D1Database, pid: number, keepSessionId: string, now: Date): D1PreparedStatement {
  forgetMemberSessions(pid);
  return db
    .prepare(
      `UPDATE sessions SET ended_at = ?2 WHERE member_pid = ?1 AND id <> ?3 AND ended_at IS NULL AND expires_at > ?2
         AND EXISTS (SELECT 1 FROM sessions WHERE id = ?3 AND member_pid = ?1 AND ended_at IS NULL)`,
    )
    .bind(pid, now.toISOString(), keepSessionId);
}

/** Ends the sessions a link opened: revoking a link signs out whoever it signed in. */
export function endLinkSessions(db: D1Database, linkHash: string, now: Date): D1PreparedStatement {
  forgetAllSessions();
  return db.prepare("UPDATE sessions SET ended_at = ?2 WHERE link_token_hash = ?1 AND ended_at IS NULL").bind(linkHash, now.toISOString());
}

export interface LiveSession {
  id: string;
  createdAt: string;
  expiresAt: string;
  method: SignInMethod | null;
}

/** The member's sessions that have neither ended nor expired, newest first. */
export async function listLiveSessions(db: D1Database, pid: number, now: Date): Promise<LiveSession[]> {
  const { results } = await db
    .prepare(
      `SELECT id, created_at, expires_at, method FROM sessions
       WHERE member_pid = ?1 AND ended_at IS NULL AND expires_at > ?2 ORDER BY created_at DESC LIMIT 100`,
    )
    .bind(pid, now.toISOString())
    .all<{ id: string; created_at: string; expires_at: string; method: SignInMethod | null }>();
  return results.map((row) => ({ id: row.id, createdAt: row.created_at, expiresAt: row.expires_at, method: row.method }));
}
