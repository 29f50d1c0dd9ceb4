import type { AutoLoginKind } from "../../shared/links.ts";
import type { AdminLink } from "../../shared/admin-types.ts";

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

interface LinkTokenRow {
  token_hash: string;
  kind: AutoLoginKind;
  target_pid: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  live: number;
}

const ADMIN_COLUMNS = "token_hash, kind, target_pid, created_at, expires_at, revoked_at, revoked_at IS NULL AND expires_at > ?2 AS live";

function toAdminLink(row: LinkTokenRow): AdminLink {
  return {
    id: row.token_hash,
    kind: row.kind,
    targetPid: row.target_pid,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    live: row.live === 1,
  };
}

/** A member's links for the console, newest first: hashes and dates, never a token. */
export async function listMemberLinks(db: D1Database, memberPid: number, now: Date): Promise<AdminLink[]> {
  const { results } = await db
    .prepare(`SELECT ${ADMIN_COLUMNS} FROM link_tokens WHERE member_pid = ?1 ORDER BY created_at DESC LIMIT 100`)
    .bind(memberPid, now.toISOString())
    .all<LinkTokenRow>();
  return results.map(toAdminLink);
}

/** A link by its hash, with the member it signs in. */
export async function getAdminLink(db: D1Database, hash: string, now: Date): Promise<{ link: AdminLink; memberPid: number } | null> {
  const row = await db
    .prepare(`SELECT ${ADMIN_COLUMNS}, member_pid FROM link_tokens WHERE token_hash = ?1`)
    .bind(hash, now.toISOString())
    .first<LinkTokenRow & { member_pid: number }>();
  return row ? { link: toAdminLink(row), memberPid: row.member_pid } : null;
}

/** Revokes a link: it stops signing anyone in at once. Revoking twice keeps the first date. */
export function revokeLinkToken(db: D1Database, hash: string, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE link_tokens SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL").bind(hash, now.toISOString());
}

/** Revokes every live link of a member (deactivated, or a new password): old links must not sign in again. */
export function revokeMemberLinks(db: D1Database, memberPid: number, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE link_tokens SET revoked_at = ?2 WHERE member_pid = ?1 AND revoked_at IS NULL").bind(memberPid, now.toISOString());
}
