// Messages written to the agency's WhatsApp number (ADR 0020): kept for staff,
// and each opens its sender's 24-hour customer-service window, inside which
// the agency may answer in free text.

import type { InboundMessage } from "#shared/admin-types.ts";
import { limitClause } from "./limit-clause.ts";

/** How long after a member's message the agency may send free-form text (Meta's customer-service window). */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface NewInboundMessage {
  wamid: string;
  fromDigits: string;
  profileName: string | null;
  type: string;
  text: string | null;
  receivedAt: Date;
}

/**
 * Records a message once (Meta retries the webhook for 36 hours), linked to
 * the member whose WhatsApp number it came from.
 */
export function insertInbound(db: D1Database, message: NewInboundMessage): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO whatsapp_inbound (wamid, from_digits, member_pid, profile_name, type, text, received_at)
       VALUES (?1, ?2, (SELECT pid FROM members WHERE mobile = '+' || ?2), ?3, ?4, ?5, ?6)
       ON CONFLICT (wamid) DO NOTHING`,
    )
    .bind(message.wamid, message.fromDigits, message.profileName, message.type, message.text, message.receivedAt.toISOString());
}

/** The numbers (as digits) among `digits` whose window is open at `now`. */
export async function openWindows(db: D1Database, digits: readonly string[], now: Date): Promise<Set<string>> {
  if (digits.length === 0) return new Set();
  const { results } = await db
    .prepare(
      `SELECT DISTINCT from_digits FROM whatsapp_inbound
       WHERE from_digits IN (SELECT value FROM json_each(?1)) AND received_at > ?2`,
    )
    .bind(JSON.stringify([...new Set(digits)]), new Date(now.getTime() - SERVICE_WINDOW_MS).toISOString())
    .all<{ from_digits: string }>();
  return new Set(results.map((row) => row.from_digits));
}

interface InboundRow {
  wamid: string;
  from_digits: string;
  member_pid: number | null;
  member_name: string | null;
  profile_name: string | null;
  type: string;
  text: string | null;
  received_at: string;
  last_from_sender: string;
}

function toInbound(row: InboundRow): InboundMessage {
  return {
    wamid: row.wamid,
    fromMobile: `+${row.from_digits}`,
    memberPid: row.member_pid,
    memberName: row.member_name,
    profileName: row.profile_name,
    type: row.type,
    text: row.text,
    receivedAt: row.received_at,
    windowOpenUntil: new Date(Date.parse(row.last_from_sender) + SERVICE_WINDOW_MS).toISOString(),
  };
}

const INBOUND_SELECT = `SELECT i.wamid, i.from_digits, i.member_pid, i.profile_name, i.type, i.text, i.received_at,
    CASE WHEN m.pid IS NULL THEN NULL ELSE m.surname || ' ' || m.name END AS member_name,
    (SELECT MAX(received_at) FROM whatsapp_inbound j WHERE j.from_digits = i.from_digits) AS last_from_sender
  FROM whatsapp_inbound i LEFT JOIN members m ON m.pid = i.member_pid`;

/** Every inbound message, newest first, for the console. */
export async function listInbound(db: D1Database, page: number, pageSize: number): Promise<{ items: InboundMessage[]; total: number }> {
  const [rows, count] = await db.batch([
    db.prepare(`${INBOUND_SELECT} ORDER BY i.received_at DESC ${limitClause(pageSize, (page - 1) * pageSize)}`),
    db.prepare("SELECT COUNT(*) AS total FROM whatsapp_inbound"),
  ]);
  return { items: ((rows?.results ?? []) as InboundRow[]).map(toInbound), total: (count?.results[0] as { total: number } | undefined)?.total ?? 0 };
}

/** A member's latest messages to the agency, newest first. */
export async function memberInbound(db: D1Database, memberPid: number, limit = 5): Promise<InboundMessage[]> {
  const { results } = await db
    .prepare(`${INBOUND_SELECT} WHERE i.member_pid = ?1 ORDER BY i.received_at DESC ${limitClause(limit)}`)
    .bind(memberPid)
    .all<InboundRow>();
  return results.map(toInbound);
}

/** Messages received since `since`, for the console's count. */
export async function countInboundSince(db: D1Database, since: Date): Promise<number> {
  const row = await db.prepare("SELECT COUNT(*) AS count FROM whatsapp_inbound WHERE received_at > ?1").bind(since.toISOString()).first<{ count: number }>();
  return row?.count ?? 0;
}
