import type { AuditEntry, StaffAccount, StaffRole, StaffUser } from "#shared/admin-types.ts";
import { clearFailures } from "./sign-in-failures.ts";
import { limitClause } from "./limit-clause.ts";

// Agency staff accounts, their sessions and the audit log (sign-in back-off: sign-in-failures.ts).

export interface StaffCredentials {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  active: boolean;
  passwordHash: string;
}

type CredentialsRow = { id: number; username: string; name: string; role: StaffRole; active: number; password_hash: string };
const CREDENTIALS_COLUMNS = "id, username, name, role, active, password_hash";

function toCredentials(row: CredentialsRow | null): StaffCredentials | null {
  return row && { id: row.id, username: row.username, name: row.name, role: row.role, active: row.active === 1, passwordHash: row.password_hash };
}

export async function getStaffByUsername(db: D1Database, username: string): Promise<StaffCredentials | null> {
  return toCredentials(await db.prepare(`SELECT ${CREDENTIALS_COLUMNS} FROM staff WHERE username = ?1`).bind(username).first<CredentialsRow>());
}

export async function getStaffCredentials(db: D1Database, id: number): Promise<StaffCredentials | null> {
  return toCredentials(await db.prepare(`SELECT ${CREDENTIALS_COLUMNS} FROM staff WHERE id = ?1`).bind(id).first<CredentialsRow>());
}

export async function getStaffById(db: D1Database, id: number): Promise<StaffUser | null> {
  return db.prepare("SELECT id, username, name, role FROM staff WHERE id = ?1").bind(id).first<StaffUser>();
}

export function insertStaff(db: D1Database, staff: { username: string; name: string; role: StaffRole; passwordHash: string }): D1PreparedStatement {
  return db
    .prepare("INSERT INTO staff (username, name, role, password_hash) VALUES (?1, ?2, ?3, ?4) RETURNING id")
    .bind(staff.username, staff.name, staff.role, staff.passwordHash);
}

/**
 * Starts a staff session only while the account is active and still has the
 * password hash just checked: a reset or a deactivation that lands during
 * the check ends what it must, and the old password starts nothing. False
 * when it started none.
 */
export async function createStaffSession(db: D1Database, session: { id: string; staffId: number; expiresAt: Date; checkedHash: string }): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO staff_sessions (id, staff_id, expires_at)
       SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM staff WHERE id = ?2 AND active = 1 AND password_hash = ?4)`,
    )
    .bind(session.id, session.staffId, session.expiresAt.toISOString(), session.checkedHash)
    .run();
  return result.meta.changes > 0;
}

/** The staff member of a live session, or null. */
export async function getStaffOfSession(db: D1Database, sessionId: string, staffId: number, now: Date): Promise<{ id: number; role: StaffRole } | null> {
  return db
    .prepare(
      `SELECT st.id, st.role FROM staff_sessions ss JOIN staff st ON st.id = ss.staff_id
       WHERE ss.id = ?1 AND ss.staff_id = ?2 AND ss.ended_at IS NULL AND ss.expires_at > ?3 AND st.active = 1`,
    )
    .bind(sessionId, staffId, now.toISOString())
    .first<{ id: number; role: StaffRole }>();
}

export async function endStaffSession(db: D1Database, id: string, now: Date): Promise<void> {
  await db.prepare("UPDATE staff_sessions SET ended_at = ?2 WHERE id = ?1 AND ended_at IS NULL").bind(id, now.toISOString()).run();
}

/**
 * Staff choose their own password (one batch). The new hash replaces the one
 * the current password was checked against, and only that one: if an owner
 * reset the password meanwhile, nothing changes and the answer is false.
 * Otherwise the change is audited, the account's other sessions end and its
 * sign-in failures are forgotten.
 */
export async function changeOwnPassword(
  db: D1Database,
  change: { id: number; username: string; checkedHash: string; newHash: string; keptSessionId: string; now: Date },
): Promise<boolean> {
  const [replaced] = await db.batch([
    db.prepare("UPDATE staff SET password_hash = ?3 WHERE id = ?1 AND password_hash = ?2").bind(change.id, change.checkedHash, change.newHash),
    auditEntry(db, { staffId: change.id, action: "change_own_password", target: change.username }, { onlyIfPreviousChanged: true }),
    // changes() is the audit entry's: no entry, no sessions ended.
    db
      .prepare("UPDATE staff_sessions SET ended_at = ?3 WHERE staff_id = ?1 AND id <> ?2 AND ended_at IS NULL AND changes() > 0")
      .bind(change.id, change.keptSessionId, change.now.toISOString()),
    clearFailures(db, { username: change.username }),
  ]);
  return (replaced?.meta.changes ?? 0) > 0;
}

/**
 * An audit entry, for the same batch as the change it records.
 * `onlyIfPreviousChanged`: written only when the batch's previous statement
 * changed a row, so that a change that did not happen (revoking a revoked
 * link) leaves no entry.
 */
export function auditEntry(
  db: D1Database,
  entry: { staffId: number; action: string; target: string; before?: unknown; after?: unknown },
  options: { onlyIfPreviousChanged?: boolean } = {},
): D1PreparedStatement {
  const condition = options.onlyIfPreviousChanged ? " WHERE changes() > 0" : "";
  return db
    .prepare(`INSERT INTO audit_log (staff_id, action, target, before_json, after_json) SELECT ?1, ?2, ?3, ?4, ?5${condition}`)
    .bind(
      entry.staffId,
      entry.action,
      entry.target,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    );
}

/** The audit log, newest first, with who did each thing. */
export async function listAudit(db: D1Database, page: number, pageSize: number): Promise<{ items: AuditEntry[]; total: number }> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.action, a.target, a.before_json, a.after_json, a.at, s.id AS staff_id, s.username, s.name, COUNT(*) OVER () AS matches
       FROM audit_log a JOIN staff s ON s.id = a.staff_id ORDER BY a.id DESC ${limitClause(pageSize, (page - 1) * pageSize)}`,
    )
    .all<{
      id: number;
      action: string;
      target: string | null;
      before_json: string | null;
      after_json: string | null;
      at: string;
      staff_id: number;
      username: string;
      name: string;
      matches: number;
    }>();
  const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
  return {
    items: results.map((row) => ({
      id: row.id,
      staff: { id: row.staff_id, username: row.username, name: row.name },
      action: row.action,
      target: row.target,
      before: parse(row.before_json),
      after: parse(row.after_json),
      at: row.at,
    })),
    total: results[0]?.matches ?? 0,
  };
}

const ACCOUNT_COLUMNS = "id, username, name, role, active, created_at";

function toAccount(row: { id: number; username: string; name: string; role: StaffRole; active: number; created_at: string }): StaffAccount {
  return { id: row.id, username: row.username, name: row.name, role: row.role, active: row.active === 1, createdAt: row.created_at };
}

export async function listStaffAccounts(db: D1Database): Promise<StaffAccount[]> {
  const { results } = await db
    .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM staff ORDER BY active DESC, username`)
    .all<{ id: number; username: string; name: string; role: StaffRole; active: number; created_at: string }>();
  return results.map(toAccount);
}

export async function getStaffAccount(db: D1Database, id: number): Promise<StaffAccount | null> {
  const row = await db
    .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM staff WHERE id = ?1`)
    .bind(id)
    .first<{ id: number; username: string; name: string; role: StaffRole; active: number; created_at: string }>();
  return row ? toAccount(row) : null;
}

export function setStaffActive(db: D1Database, id: number, active: boolean): D1PreparedStatement {
  return db.prepare("UPDATE staff SET active = ?2 WHERE id = ?1").bind(id, active ? 1 : 0);
}

export function setStaffPassword(db: D1Database, id: number, passwordHash: string): D1PreparedStatement {
  return db.prepare("UPDATE staff SET password_hash = ?2 WHERE id = ?1").bind(id, passwordHash);
}

/** Ends every live session of a staff account (deactivated, or a new password). */
export function endAllStaffSessions(db: D1Database, id: number, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE staff_sessions SET ended_at = ?2 WHERE staff_id = ?1 AND ended_at IS NULL").bind(id, now.toISOString());
}
