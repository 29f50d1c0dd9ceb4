// Server-side sessions: one row per sign-in, ended by logout or revocation.

export async function createSession(db: D1Database, id: string, pid: number, expiresAt: Date): Promise<void> {
  await db.prepare("INSERT INTO sessions (id, member_pid, expires_at) VALUES (?1, ?2, ?3)").bind(id, pid, expiresAt.toISOString()).run();
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
  await db.prepare("UPDATE sessions SET ended_at = ?2 WHERE id = ?1 AND ended_at IS NULL").bind(id, now.toISOString()).run();
}

/** Ends every live session of the member: their tokens stop working at once. */
export function endMemberSessions(db: D1Database, pid: number, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE sessions SET ended_at = ?2 WHERE member_pid = ?1 AND ended_at IS NULL AND expires_at > ?2").bind(pid, now.toISOString());
}

/** Ends the member's sessions but this one: after a password change, other devices sign in again. */
export function endOtherSessions(db: D1Database, pid: number, keepSessionId: string, now: Date): D1PreparedStatement {
  return db
    .prepare("UPDATE sessions SET ended_at = ?2 WHERE member_pid = ?1 AND id <> ?3 AND ended_at IS NULL AND expires_at > ?2")
    .bind(pid, now.toISOString(), keepSessionId);
}
