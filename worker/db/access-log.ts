import type { AccessLogEntry, AccessLogPage } from "#shared/api-types.ts";
import { limitClause } from "./limit-clause.ts";

// Staff reading members' personal data (DPDP Rules 2025, Rule 6; ADR 0033):
// who, whose, what and when. Owners read it; the cron deletes entries
// older than ACCESS_LOG_DAYS (bookkeeping.ts).

export type AccessAction = AccessLogEntry["action"];

/** Records that a staff member read a member's data. */
export function logAccess(db: D1Database, entry: { staffId: number; pid: number; action: AccessAction }): D1PreparedStatement {
  return db.prepare("INSERT INTO access_log (staff_id, pid, action) VALUES (?1, ?2, ?3)").bind(entry.staffId, entry.pid, entry.action);
}

type EntryRow = { id: number; at: string; staff_id: number; staff_name: string; pid: number; action: AccessAction };

/**
 * Newest first, `pageSize` at a time; a page goes on from the id before
 * which the last one stopped, so entries added meanwhile do not shift it.
 */
export async function listAccessLog(db: D1Database, filter: { pid?: number; before?: number; pageSize: number }): Promise<AccessLogPage> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.at, a.staff_id, s.name AS staff_name, a.pid, a.action
       FROM access_log a JOIN staff s ON s.id = a.staff_id
       WHERE (?1 IS NULL OR a.pid = ?1) AND (?2 IS NULL OR a.id < ?2)
       ORDER BY a.id DESC ${limitClause(filter.pageSize + 1)}`,
    )
    .bind(filter.pid ?? null, filter.before ?? null)
    .all<EntryRow>();
  const page = results.slice(0, filter.pageSize);
  const entries = page.map((row) => ({ id: row.id, at: row.at, staffId: row.staff_id, staffName: row.staff_name, pid: row.pid, action: row.action }));
  const last = page.at(-1);
  return { entries, next: results.length > filter.pageSize && last ? String(last.id) : null };
}
