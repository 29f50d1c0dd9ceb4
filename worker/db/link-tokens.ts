import type { AutoLoginKind } from "#shared/links.ts";
import type { AdminLink } from "#shared/admin-types.ts";

// Auto-login link tokens (ADR 0011, ADR 0024):
// stored as a SHA-256 hash, expiring, revocable and used once. The token
// itself exists only in the link.

/** `onlyIfPreviousChanged`: in a batch, only when the previous statement changed a row (its message was written). */
export function insertLinkToken(
  db: D1Database,
  token: { hash: string; memberPid: number; kind: AutoLoginKind; targetPid: number | null; expiresAt: Date; issuedBy: number | null },
  options: { onlyIfPreviousChanged?: boolean } = {},
): D1PreparedStatement {
  const condition = options.onlyIfPreviousChanged ? " WHERE changes() > 0" : "";
  return db
    .prepare(`INSERT INTO link_tokens (token_hash, member_pid, kind, target_pid, expires_at, issued_by) SELECT ?1, ?2, ?3, ?4, ?5, ?6${condition}`)
    .bind(token.hash, token.memberPid, token.kind, token.targetPid, token.expiresAt.toISOString(), token.issuedBy);
}

/**
 * Uses a link to sign in, in one statement, for a batch: only a token of
 * this member, kind and target (a link opens only what it was made for),
 * not revoked, not expired, and not used before `usedSince` (a second tap
 * within minutes of the first still works). The first use is kept.
 * Returns a row (`issued_by`) when the link may sign in.
 */
export function useLinkToken(
  db: D1Database,
  link: { hash: string; memberPid: number; kind: AutoLoginKind; targetPid: number | null },
  now: Date,
  usedSince: Date,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE link_tokens SET used_at = coalesce(used_at, ?5)
       WHERE token_hash = ?1 AND member_pid = ?2 AND kind = ?3 AND target_pid IS ?4
         AND revoked_at IS NULL AND expires_at > ?5 AND (used_at IS NULL OR used_at > ?6)
         -- A deactivated member's link is refused without being used up.
         AND EXISTS (SELECT 1 FROM members WHERE pid = ?2 AND active = 1)
       RETURNING issued_by`,
    )
    .bind(link.hash, link.memberPid, link.kind, link.targetPid, now.toISOString(), usedSince.toISOString());
}

export interface IssuedLinkToken {
  memberPid: number;
  kind: AutoLoginKind;
  targetPid: number | null;
  /** The staff member who issued it in the console, or null for a link of the product's messages. */
  issuedBy: number | null;
}

/** The token with this hash, whether or not it may still sign in (useLinkToken decides that). */
export async function findLinkToken(db: D1Database, hash: string): Promise<IssuedLinkToken | null> {
  const row = await db
    .prepare("SELECT member_pid, kind, target_pid, issued_by FROM link_tokens WHERE token_hash = ?1")
    .bind(hash)
    .first<{ member_pid: number; kind: AutoLoginKind; target_pid: number | null; issued_by: number | null }>();
  return row ? { memberPid: row.member_pid, kind: row.kind, targetPid: row.target_pid, issuedBy: row.issued_by } : null;
}

interface LinkTokenRow {
  token_hash: string;
  kind: AutoLoginKind;
  target_pid: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  used_at: string | null;
  live: number;
}

/** `live`: it would sign in now (?2 the time, ?3 the start of the re-use grace, as in useLinkToken). */
const ADMIN_COLUMNS =
  "token_hash, kind, target_pid, created_at, expires_at, revoked_at, used_at, revoked_at IS NULL AND expires_at > ?2 AND (used_at IS NULL OR used_at > ?3) AS live";

function toAdminLink(row: LinkTokenRow): AdminLink {
  return {
    id: row.token_hash,
    kind: row.kind,
    targetPid: row.target_pid,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    usedAt: row.used_at,
    live: row.live === 1,
  };
}

/** A member's links for the console, newest first: hashes and dates, never a token. */
export async function listMemberLinks(db: D1Database, memberPid: number, now: Date, usedSince: Date): Promise<AdminLink[]> {
  const { results } = await db
    .prepare(`SELECT ${ADMIN_COLUMNS} FROM link_tokens WHERE member_pid = ?1 ORDER BY created_at DESC LIMIT 100`)
    .bind(memberPid, now.toISOString(), usedSince.toISOString())
    .all<LinkTokenRow>();
  return results.map(toAdminLink);
}

/** A link by its hash, with the member it signs in. */
export async function getAdminLink(db: D1Database, hash: string, now: Date, usedSince: Date): Promise<{ link: AdminLink; memberPid: number } | null> {
  const row = await db
    .prepare(`SELECT ${ADMIN_COLUMNS}, member_pid FROM link_tokens WHERE token_hash = ?1`)
    .bind(hash, now.toISOString(), usedSince.toISOString())
    .first<LinkTokenRow & { member_pid: number }>();
  return row ? { link: toAdminLink(row), memberPid: row.member_pid } : null;
}

/** Revokes a link: it stops signing anyone in at once (endLinkSessions ends what it opened). Revoking twice keeps the first date. */
export function revokeLinkToken(db: D1Database, hash: string, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE link_tokens SET revoked_at = ?2 WHERE token_hash = ?1 AND revoked_at IS NULL").bind(hash, now.toISOString());
}

/** Revokes every live link of a member (deactivated, a new password, a new number): old links must not sign in again. */
export function revokeMemberLinks(db: D1Database, memberPid: number, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE link_tokens SET revoked_at = ?2 WHERE member_pid = ?1 AND revoked_at IS NULL").bind(memberPid, now.toISOString());
}
