import type { AutoLoginKind } from "../../shared/links.ts";

// Auto-login link tokens (design brief section 3): stored as a SHA-256 hash,
// expiring and revocable. The token itself exists only in the link.

/** `onlyIfPreviousChanged`: in a batch, only when the previous statement changed a row (its message was written). */
export function insertLinkToken(
  db: D1Database,
  token: { hash: string; memberPid: number; kind: AutoLoginKind; targetPid: number | null; expiresAt: Date },
  options: { onlyIfPreviousChanged?: boolean } = {},
): D1PreparedStatement {
  const condition = options.onlyIfPreviousChanged ? " WHERE changes() > 0" : "";
  return db
    .prepare(`INSERT INTO link_tokens (token_hash, member_pid, kind, target_pid, expires_at) SELECT ?1, ?2, ?3, ?4, ?5${condition}`)
    .bind(token.hash, token.memberPid, token.kind, token.targetPid, token.expiresAt.toISOString());
}

export interface LinkToken {
  memberPid: number;
  kind: AutoLoginKind;
  targetPid: number | null;
  /** False once expired or revoked: a genuine old link, not a guess. */
  live: boolean;
}

/** The token with this hash, live or not. */
export async function findLinkToken(db: D1Database, hash: string, now: Date): Promise<LinkToken | null> {
  const row = await db
    .prepare("SELECT member_pid, kind, target_pid, revoked_at IS NULL AND expires_at > ?2 AS live FROM link_tokens WHERE token_hash = ?1")
    .bind(hash, now.toISOString())
    .first<{ member_pid: number; kind: AutoLoginKind; target_pid: number | null; live: number }>();
  return row ? { memberPid: row.member_pid, kind: row.kind, targetPid: row.target_pid, live: row.live === 1 } : null;
}
