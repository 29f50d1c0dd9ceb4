// The outbox (design brief section 3): every WhatsApp message is written here
// first, in the same batch as the change that causes it, and delivered after.

import type { OutboxKind, OutboxMessage, OutboxStatus } from "../../shared/admin-types.ts";

/**
 * The password message of a member inserted by the previous statement of the
 * same batch: `{pid}` in the body is filled with that member's new pid, so
 * the member row and its message are written together or not at all.
 */
export function newMemberPasswordMessage(db: D1Database, mobile: string, bodyWithPid: string): D1PreparedStatement {
  return db
    .prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body) VALUES (last_insert_rowid(), ?1, 'password', replace(?2, '{pid}', last_insert_rowid()))")
    .bind(mobile, bodyWithPid);
}

export interface NewOutboxMessage {
  memberPid: number;
  toMobile: string;
  kind: OutboxKind;
  body: string;
}

/** The Cloud API refuses longer text bodies; refusing them here points at the code that built one. */
export const MAX_BODY_LENGTH = 4096;

/**
 * What a password message's body becomes once WhatsApp has accepted it: the
 * outbox would otherwise be the one place that keeps passwords in plain text.
 */
export const REDACTED_PASSWORD_BODY = "[Password message sent. Its text was removed so that the password is not stored.]";

interface OutboxRow {
  id: number;
  member_pid: number | null;
  to_mobile: string;
  kind: OutboxKind;
  body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
}

const COLUMNS =
  "id, member_pid, to_mobile, kind, body, status, attempts, last_error, provider_message_id, created_at, next_attempt_at, sent_at";

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    memberPid: row.member_pid,
    toMobile: row.to_mobile,
    kind: row.kind,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    providerMessageId: row.provider_message_id,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
  };
}

/** RETURNING gives rows in no promised order; callers get them oldest first. */
function oldestFirst(rows: OutboxRow[]): OutboxMessage[] {
  return rows.map(toMessage).sort((a, b) => a.id - b.id);
}

/**
 * A message to an existing member, due at once. Returned unexecuted so the
 * caller writes it in the same `db.batch` as the change that causes it (an
 * approved interest and its message are stored together or not at all).
 */
export function enqueueMessage(db: D1Database, message: NewOutboxMessage, options: { onlyIfPreviousChanged?: boolean } = {}): D1PreparedStatement {
  if (message.body.length === 0 || message.body.length > MAX_BODY_LENGTH) {
    throw new RangeError(`An outbox message body must have 1 to ${MAX_BODY_LENGTH} characters, not ${message.body.length}`);
  }
  // In a batch, changes() counts the rows the previous statement changed: a
  // message about a change that did not happen (a repeated request) is not written.
  const condition = options.onlyIfPreviousChanged ? " WHERE changes() > 0" : "";
  return db
    .prepare(`INSERT INTO outbox (member_pid, to_mobile, kind, body) SELECT ?1, ?2, ?3, ?4${condition}`)
    .bind(message.memberPid, message.toMobile, message.kind, message.body);
}

export async function getOutboxMessage(db: D1Database, id: number): Promise<OutboxMessage | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE id = ?1`).bind(id).first<OutboxRow>();
  return row ? toMessage(row) : null;
}

/** Pending messages whose next attempt is due, oldest first; reads only, claims nothing. */
export async function listDueMessages(db: D1Database, now: Date, limit: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?1 ORDER BY id LIMIT ?2`)
    .bind(now.toISOString(), limit)
    .all<OutboxRow>();
  return results.map(toMessage);
}

/**
 * Takes up to `limit` due messages for sending, oldest first: counts the
 * attempt and pushes `next_attempt_at` to `leaseUntil`, in one statement.
 * D1 has no interactive transactions, but one statement is atomic, so two
 * deliverers running at once never take the same message; a deliverer that
 * dies mid-send leaves its messages to be taken again when the lease ends.
 */
export async function claimDueMessages(db: D1Database, now: Date, leaseUntil: Date, limit: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?2
       WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?1 ORDER BY id LIMIT ?3)
       RETURNING ${COLUMNS}`,
    )
    .bind(now.toISOString(), leaseUntil.toISOString(), limit)
    .all<OutboxRow>();
  return oldestFirst(results);
}

/** A sign-in link's token in a message: `link=` then the base64url payload. */
const LINK_TOKEN = /([?&]link=)[A-Za-z0-9_-]+/g;

/**
 * What a message's body becomes once it went out: a password message is
 * replaced whole, and a one-tap link keeps its address without its token, so
 * the outbox is not a store of passwords and live sign-in links.
 */
export function withoutSecrets(message: Pick<OutboxMessage, "kind" | "body">): string {
  return message.kind === "password" ? REDACTED_PASSWORD_BODY : message.body.replace(LINK_TOKEN, "$1[removed]");
}

/**
 * Records that the message went out (WhatsApp accepted it, or staff sent it
 * by hand) and removes its secrets from the body. A late success wins over
 * a failure recorded meanwhile by another deliverer (after this one's lease
 * ran out): the message did go out.
 */
export function markSent(db: D1Database, message: Pick<OutboxMessage, "id" | "kind" | "body">, providerMessageId: string | null, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE outbox SET status = 'sent', sent_at = ?3, provider_message_id = ?2, last_error = NULL, body = ?4
       WHERE id = ?1 AND status <> 'sent'`,
    )
    .bind(message.id, providerMessageId, now.toISOString(), withoutSecrets(message));
}

/**
 * Staff ask for another round of attempts: due now, with the attempt count
 * back at zero so the deliverer's back-off starts again. Sent messages stay sent.
 */
export function retryMessage(db: D1Database, id: number, now: Date): D1PreparedStatement {
  return db
    .prepare("UPDATE outbox SET status = 'pending', attempts = 0, last_error = NULL, next_attempt_at = ?2 WHERE id = ?1 AND status <> 'sent'")
    .bind(id, now.toISOString());
}

/** The console's view of the outbox, newest first. */
export async function listOutbox(
  db: D1Database,
  filter: { status?: OutboxStatus | undefined; pid?: number | undefined; page: number; pageSize: number },
): Promise<{ items: OutboxMessage[]; total: number }> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS}, COUNT(*) OVER () AS matches FROM outbox
       WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR member_pid = ?2)
       ORDER BY id DESC LIMIT ?3 OFFSET ?4`,
    )
    .bind(filter.status ?? null, filter.pid ?? null, filter.pageSize, (filter.page - 1) * filter.pageSize)
    .all<OutboxRow & { matches: number }>();
  return { items: results.map(toMessage), total: results[0]?.matches ?? 0 };
}

export type FailedAttemptOutcome = "retrying" | "failed" | "superseded";

/**
 * Records a failed attempt: due again at `retryAt`, or 'failed' for good when
 * `retryAt` is null (the caller's back-off policy decides). `attempt` is the
 * count the claim returned; if another deliverer has claimed the message
 * since (this one's lease ran out), its outcome is the one that counts and
 * nothing is written ("superseded").
 */
export async function recordFailedAttempt(
  db: D1Database,
  id: number,
  attempt: number,
  error: string,
  retryAt: Date | null,
): Promise<FailedAttemptOutcome> {
  const statement =
    retryAt === null
      ? db.prepare("UPDATE outbox SET status = 'failed', last_error = ?3 WHERE id = ?1 AND attempts = ?2 AND status = 'pending'").bind(id, attempt, error)
      : db
          .prepare("UPDATE outbox SET next_attempt_at = ?4, last_error = ?3 WHERE id = ?1 AND attempts = ?2 AND status = 'pending'")
          .bind(id, attempt, error, retryAt.toISOString());
  const result = await statement.run();
  if (result.meta.changes === 0) return "superseded";
  return retryAt === null ? "failed" : "retrying";
}

/**
 * Without the Cloud API the agency sends messages by hand from the console.
 * Takes up to `limit` new messages (never attempted, not yet noted), writes
 * `note` as their last_error so the console can say why they are waiting,
 * and returns them, so each new message is announced once. They stay
 * pending and due: once WhatsApp is configured, the next run sends them.
 */
export async function holdForManualDelivery(db: D1Database, note: string, limit: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `UPDATE outbox SET last_error = ?1
       WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND attempts = 0 AND last_error IS NULL ORDER BY id LIMIT ?2)
       RETURNING ${COLUMNS}`,
    )
    .bind(note, limit)
    .all<OutboxRow>();
  return oldestFirst(results);
}
