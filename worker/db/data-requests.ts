import type { AdminDataRequest, DataRequestKind, DataRequestReceipt } from "#shared/api-types.ts";
import { limitClause } from "./limit-clause.ts";

// Members' requests about their data (DPDP Act ss. 12-13; ADR 0033):
// correction, erasure and grievance, filed in the app or recorded by staff
// from a call, each with the day its answer is due, until staff close it.

type RequestRow = {
  id: number;
  pid: number | null;
  kind: DataRequestKind;
  details: string;
  received_at: string;
  due_on: string;
  status: "open" | "closed";
  closed_at: string | null;
  outcome: string | null;
};

const COLUMNS = "id, pid, kind, details, received_at, due_on, status, closed_at, outcome";

function toRequest(row: RequestRow): AdminDataRequest {
  return {
    id: row.id,
    pid: row.pid,
    kind: row.kind,
    details: row.details,
    receivedAt: row.received_at,
    dueOn: row.due_on,
    status: row.status,
    closedAt: row.closed_at,
    outcome: row.outcome,
  };
}

export interface NewDataRequest {
  pid: number | null;
  kind: DataRequestKind;
  details: string;
  receivedAt: string;
  dueOn: string;
  /** The staff member who recorded it; null when the member filed it. */
  recordedBy: number | null;
  /** Members' own requests: none is stored while the member has this many open. */
  openLimit?: number;
}

/**
 * One statement, so that requests sent at once are counted against the
 * limit one after the other; it returns no row when the limit refused it.
 */
export function insertDataRequest(db: D1Database, request: NewDataRequest): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO data_requests (pid, kind, details, received_at, due_on, recorded_by)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6
       WHERE ?7 IS NULL OR (SELECT COUNT(*) FROM data_requests WHERE pid = ?1 AND status = 'open' AND recorded_by IS NULL) < ?7
       RETURNING id, kind, received_at, due_on`,
    )
    .bind(request.pid, request.kind, request.details, request.receivedAt, request.dueOn, request.recordedBy, request.openLimit ?? null);
}

export type InsertedRow = { id: number; kind: DataRequestKind; received_at: string; due_on: string };

/** The receipt of a request just inserted. */
export function toReceipt(row: InsertedRow): DataRequestReceipt {
  return { id: row.id, kind: row.kind, receivedAt: row.received_at, dueOn: row.due_on };
}

/** Open requests by the day they are due, closed ones newest first; all of them without a status. */
export async function listDataRequests(db: D1Database, status: "open" | "closed" | undefined, limit: number): Promise<AdminDataRequest[]> {
  const order = status === "closed" ? "closed_at DESC, id DESC" : "status DESC, due_on, id";
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM data_requests WHERE ?1 IS NULL OR status = ?1 ORDER BY ${order} ${limitClause(limit)}`)
    .bind(status ?? null)
    .all<RequestRow>();
  return results.map(toRequest);
}

export async function getDataRequest(db: D1Database, id: number): Promise<AdminDataRequest | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM data_requests WHERE id = ?1`).bind(id).first<RequestRow>();
  return row ? toRequest(row) : null;
}

/** Closes an open request; none when it was closed meanwhile (changes() tells the audit entry after it). */
export function closeDataRequest(db: D1Database, id: number, closure: { staffId: number; outcome: string; at: string }): D1PreparedStatement {
  return db
    .prepare("UPDATE data_requests SET status = 'closed', closed_at = ?2, closed_by = ?3, outcome = ?4 WHERE id = ?1 AND status = 'open'")
    .bind(id, closure.at, closure.staffId, closure.outcome);
}

/** Whether a profile has this ID: staff record requests only against real ones. */
export async function memberExists(db: D1Database, pid: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM members WHERE pid = ?1").bind(pid).first()) !== null;
}
