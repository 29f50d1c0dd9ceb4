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
