// The outbox (ADR 0009, ADR 0020): every WhatsApp
// message is written here first, in the same batch as the change that causes
// it, and delivered after; the webhook's receipts move it on to delivered and
// read.

import type { OutboxStatus } from "#shared/admin-types.ts";
import { isCodeKind, OUTBOX_KINDS, type MessageLanguage, type OutboxKind, type TemplateParams } from "#shared/whatsapp-messages.ts";
import { limitClause } from "./limit-clause.ts";

/** A message as delivery and the console read it. */
export interface OutboxMessage {
  id: number;
  memberPid: number | null;
  toMobile: string;
  kind: OutboxKind;
  language: MessageLanguage;
  /** The template's parameters; null once sent or expired. */
  params: TemplateParams | null;
  body: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  errorCode: number | null;
  providerMessageId: string | null;
  sentAs: "template" | "text" | null;
  /** After 131047 the text is never tried again: the template goes. */
  templateOnly: boolean;
  createdAt: string;
  nextAttemptAt: string;
  expiresAt: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
}

export interface NewOutboxMessage {
  memberPid: number;
  toMobile: string;
  kind: OutboxKind;
  language: MessageLanguage;
  body: string;
  params: TemplateParams;
  /** Codes expire: an expired message is never sent. */
  expiresAt?: Date | undefined;
  /** Never as free text, only as the template (its text lacks the button's link). */
  templateOnly?: boolean | undefined;
}

/** The Cloud API refuses longer text bodies; refusing them here points at the code that built one. */
export const MAX_BODY_LENGTH = 4096;

/** What a code message's text becomes once sent or expired: the outbox is not a store of codes. */
export const REDACTED_CODE_BODY = "[One-time code. Its text was removed so that the code is not stored.]";

interface OutboxRow {
  id: number;
  member_pid: number | null;
  to_mobile: string;
  kind: OutboxKind;
  language: MessageLanguage;
  params: string | null;
  body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  error_code: number | null;
  provider_message_id: string | null;
  sent_as: "template" | "text" | null;
  template_only: number;
  created_at: string;
  next_attempt_at: string;
  expires_at: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
}

const COLUMNS = `id, member_pid, to_mobile, kind, language, params, body, status, attempts, last_error, error_code, provider_message_id,
  sent_as, template_only, created_at, next_attempt_at, expires_at, sent_at, delivered_at, read_at, failed_at`;

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    memberPid: row.member_pid,
    toMobile: row.to_mobile,
    kind: row.kind,
    language: row.language,
    params: row.params === null ? null : (JSON.parse(row.params) as TemplateParams),
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    errorCode: row.error_code,
    providerMessageId: row.provider_message_id,
    sentAs: row.sent_as,
    templateOnly: row.template_only === 1,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    expiresAt: row.expires_at,
    sentAt: row.sent_at,
    deliveredAt: row.delivered_at,
    readAt: row.read_at,
    failedAt: row.failed_at,
  };
}

/** RETURNING gives rows in no promised order; callers get them oldest first. */
function oldestFirst(rows: OutboxRow[]): OutboxMessage[] {
  return rows.map(toMessage).sort((a, b) => a.id - b.id);
}

function checkBody(body: string): void {
  if (body.length === 0 || body.length > MAX_BODY_LENGTH) {
    throw new RangeError(`An outbox message body must have 1 to ${MAX_BODY_LENGTH} characters, not ${body.length}`);
  }
}

/**
 * A message to an existing member, due at once. Returned unexecuted so the
 * caller writes it in the same `db.batch` as the change that causes it (an
 * approved interest and its message are stored together or not at all).
 * Their news goes to the number the member has when it is written, not to
 * `toMobile` as the caller read it: a number changed in between (another
 * request's batch, landing after the caller's read and before its own) would
 * leave it on a number the member gave up, since followNumberChange moves
 * only what was written before the change (ADR 0021, ADR 0022). A code goes to the number it was
 * made for, which may be a new one not yet confirmed.
 */
export function enqueueMessage(db: D1Database, message: NewOutboxMessage, options: { onlyIfPreviousChanged?: boolean } = {}): D1PreparedStatement {
  checkBody(message.body);
  // In a batch, changes() counts the rows the previous statement changed: a
  // message about a change that did not happen (a repeated request) is not written.
  const condition = options.onlyIfPreviousChanged ? " WHERE changes() > 0" : "";
  const toMobile = isCodeKind(message.kind) ? "?2" : "coalesce((SELECT mobile FROM members WHERE pid = ?1), ?2)";
  return db
    .prepare(`INSERT INTO outbox (member_pid, to_mobile, kind, language, body, params, expires_at, template_only) SELECT ?1, ${toMobile}, ?3, ?4, ?5, ?6, ?7, ?8${condition}`)
    .bind(
      message.memberPid,
      message.toMobile,
      message.kind,
      message.language,
      message.body,
      JSON.stringify(message.params),
      message.expiresAt?.toISOString() ?? null,
      message.templateOnly ? 1 : 0,
    );
}

/**
 * The code message of a member created earlier in the same batch, after the
 * code row (worker/db/one-time-codes.ts `insertNewMemberCode`): the member is
 * the code's, and `{pid}` in the text becomes their new Profile ID, so the
 * member, the code and its message are written together or not at all.
 */
export function enqueueNewMemberCodeMessage(db: D1Database, message: Omit<NewOutboxMessage, "memberPid">): D1PreparedStatement {
  checkBody(message.body);
  return db
    .prepare(
      `INSERT INTO outbox (member_pid, to_mobile, kind, language, body, params, expires_at)
       SELECT member_pid, ?1, ?2, ?3, replace(?4, '{pid}', member_pid), ?5, ?6 FROM one_time_codes WHERE id = last_insert_rowid()`,
    )
    .bind(message.toMobile, message.kind, message.language, message.body, JSON.stringify(message.params), message.expiresAt?.toISOString() ?? null);
}

/** The kinds that carry a one-time code, as SQL's list: `kind IN (...)`. */
const CODE_KINDS_SQL = OUTBOX_KINDS.filter(isCodeKind)
  .map((kind) => `'${kind}'`)
  .join(", ");

/**
 * When a member's WhatsApp number changes, what is still waiting for the old
 * one (ADR 0021, ADR 0022): their news (an interest, a membership, a notice)
 * goes to the new number; a code is closed with the change, so its message
 * is never sent and keeps no code. For the same batch as the change.
 */
export function followNumberChange(db: D1Database, memberPid: number, mobile: string, now: Date): D1PreparedStatement[] {
  const unsentElsewhere = "member_pid = ?1 AND status IN ('pending', 'failed') AND to_mobile <> ?2";
  return [
    db.prepare(`UPDATE outbox SET to_mobile = ?2 WHERE ${unsentElsewhere} AND kind NOT IN (${CODE_KINDS_SQL})`).bind(memberPid, mobile),
    db
      .prepare(
        `UPDATE outbox SET status = 'failed', failed_at = COALESCE(failed_at, ?3), last_error = ?4, body = ?5, params = NULL
         WHERE ${unsentElsewhere} AND kind IN (${CODE_KINDS_SQL})`,
      )
      .bind(memberPid, mobile, now.toISOString(), CODE_CLOSED_BY_NUMBER_CHANGE, REDACTED_CODE_BODY),
  ];
}

/** Why a membership message that had not gone was closed: a later save replaced it (ADR 0020). */
export const SUPERSEDED_MEMBERSHIP_NOTE = "Not sent: staff changed the membership again, and a message with the new membership replaces this one.";
/** The same when the later save sells nothing (made free, or a correction with nothing to tell). */
export const WITHDRAWN_MEMBERSHIP_NOTE = "Not sent: staff changed the membership again, so this message no longer says what the member has.";

/**
 * Closes the member's membership messages that have not gone (waiting, or
 * failed and still sendable), as a change closes a code's (followNumberChange):
 * failed, without parameters, with the reason the console shows (whyClosed),
 * so that neither WhatsApp nor staff sending by hand deliver a membership a
 * later save replaced. Only while the previous statement of the batch
 * changed a row (changes()): after the new receipt's insert, whose message it
 * leaves (`replaced`: older ids only), or after the audit entry of a save that
 * queues none. A message being sent (leased) is left to go.
 */
export function closeUnsentMembershipMessages(db: D1Database, memberPid: number, now: Date, replaced: boolean): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE outbox SET status = 'failed', failed_at = COALESCE(failed_at, ?2), last_error = ?3, params = NULL
       WHERE changes() > 0 AND member_pid = ?1 AND kind = 'membership' AND status IN ('pending', 'failed') AND params IS NOT NULL
         AND ${notLeasedAt("?2")} AND (NOT ?4 OR id < last_insert_rowid())`,
    )
    .bind(memberPid, now.toISOString(), replaced ? SUPERSEDED_MEMBERSHIP_NOTE : WITHDRAWN_MEMBERSHIP_NOTE, replaced ? 1 : 0);
}

/** Whether the member has a membership message that has not gone and can still go (for a correction to replace). */
export async function hasUnsentMembershipMessage(db: D1Database, memberPid: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS found FROM outbox WHERE member_pid = ?1 AND kind = 'membership' AND status IN ('pending', 'failed') AND params IS NOT NULL LIMIT 1")
    .bind(memberPid)
    .first<{ found: number }>();
  return row !== null;
}

/** Why a code's message that had not gone was closed by a change of the member's number (ADR 0022). */
export const CODE_CLOSED_BY_NUMBER_CHANGE = "Not sent: the WhatsApp number changed, which closed its code.";
export const CODE_CLOSED_BY_NUMBER_CHANGE_AFTER_FAILURE = "Not sent again: the WhatsApp number changed, which closed its code.";

/** SQL: the WhatsApp number the message's member has now; null for a message that names no member. */
const MEMBER_MOBILE_NOW = "(SELECT mobile FROM members WHERE pid = outbox.member_pid)";

/**
 * Messages of `wamids` that failed while their member's WhatsApp number is
 * no longer the one they went to: on their way when the number changed, so
 * followNumberChange (which takes only what waits) left them. Once failed
 * they wait, and become what followNumberChange makes of a failed message
 * (ADR 0021, ADR 0022): news goes to the new number, so that its template
 * after 131047, a send after a back-off, staff's Retry and Open in WhatsApp
 * never go to a number the member gave up; a code's message is closed
 * without its code, since the change closed the code (closeCodesToOtherNumbers),
 * unless a code of the member to that number is still open (a new number
 * waiting to be confirmed). For the batch that folds the receipts in, after
 * them: each statement reads the number as it is then, and a change after it
 * takes the failed message itself, so the order does not matter. A send
 * recorded after its failure's receipt (markSent) needs neither: the message
 * was pending until then, and a change took it.
 */
function followNumberOnceFailed(db: D1Database, wamids: readonly string[]): D1PreparedStatement[] {
  // By the wamids' index, not by status: failed messages pile up, these are a few.
  const failedElsewhere = `provider_message_id IS NOT NULL AND provider_message_id IN (SELECT value FROM json_each(?1))
    AND status = 'failed' AND to_mobile <> ${MEMBER_MOBILE_NOW}`;
  const list = JSON.stringify(wamids);
  return [
    db.prepare(`UPDATE outbox INDEXED BY outbox_by_wamid SET to_mobile = ${MEMBER_MOBILE_NOW} WHERE ${failedElsewhere} AND kind NOT IN (${CODE_KINDS_SQL})`).bind(list),
    db
      .prepare(
        `UPDATE outbox INDEXED BY outbox_by_wamid SET last_error = ?2, body = ?3, params = NULL
         WHERE ${failedElsewhere} AND kind IN (${CODE_KINDS_SQL}) AND params IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM one_time_codes WHERE member_pid = outbox.member_pid AND mobile = outbox.to_mobile AND closed_at IS NULL)`,
      )
      .bind(list, CODE_CLOSED_BY_NUMBER_CHANGE_AFTER_FAILURE, REDACTED_CODE_BODY),
  ];
}

export async function getOutboxMessage(db: D1Database, id: number): Promise<OutboxMessage | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE id = ?1`).bind(id).first<OutboxRow>();
  return row ? toMessage(row) : null;
}

/** The newest message of a member written in this batch's last statement, found by its member and kind. */
export async function latestMessageOf(db: D1Database, memberPid: number, kind: OutboxKind): Promise<OutboxMessage | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE member_pid = ?1 AND kind = ?2 ORDER BY id DESC LIMIT 1`).bind(memberPid, kind).first<OutboxRow>();
  return row ? toMessage(row) : null;
}

/** Pending messages whose next attempt is due, oldest first; reads only, claims nothing. */
export async function listDueMessages(db: D1Database, now: Date, limit: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?1 AND (expires_at IS NULL OR expires_at > ?1) ORDER BY id ${limitClause(limit)}`)
    .bind(now.toISOString())
    .all<OutboxRow>();
  return results.map(toMessage);
}

/**
 * Takes up to `limit` due messages for sending, oldest first: counts the
 * attempt and pushes `next_attempt_at` to `leaseUntil`, in one statement;
 * `leased_until` says the same until the outcome is recorded, so that staff
 * cannot send again what is being sent (sendingUntil).
 * D1 has no interactive transactions, but one statement is atomic, so two
 * deliverers running at once never take the same message; a deliverer that
 * dies mid-send leaves its messages to be taken again when the lease ends.
 * An expired code is never taken.
 */
export async function claimDueMessages(db: D1Database, now: Date, leaseUntil: Date, limit: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?2, leased_until = ?2
       WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?1 AND (expires_at IS NULL OR expires_at > ?1)
         ORDER BY id ${limitClause(limit)})
       RETURNING ${COLUMNS}`,
    )
    .bind(now.toISOString(), leaseUntil.toISOString())
    .all<OutboxRow>();
  return oldestFirst(results);
}

/** SQL: the message is not being sent at `time` (the statement's parameter holding it). */
const notLeasedAt = (time: string) => `(leased_until IS NULL OR leased_until <= ${time})`;

/**
 * When the lease of a deliverer that took the message ends, while it runs:
 * the Cloud API may be sending it (ADR 0009). Null when nobody is sending it.
 */
export async function sendingUntil(db: D1Database, id: number, now: Date): Promise<Date | null> {
  const row = await db.prepare("SELECT leased_until FROM outbox WHERE id = ?1 AND leased_until > ?2").bind(id, now.toISOString()).first<{ leased_until: string }>();
  return row ? new Date(row.leased_until) : null;
}

/** A sign-in link's token in a message: `link=` then the base64url payload. */
const LINK_TOKEN = /([?&]link=)[A-Za-z0-9_-]+/g;

/**
 * What a message's text becomes once it went out or can no longer go: a
 * code's text is replaced whole, and a one-tap link keeps its address
 * without its token, so the outbox is not a store of codes and live sign-in links.
 */
export function withoutSecrets(message: Pick<OutboxMessage, "kind" | "body">): string {
  return isCodeKind(message.kind) ? REDACTED_CODE_BODY : message.body.replace(LINK_TOKEN, "$1[removed]");
}

/** Status order: a receipt never moves a message back (delivered may come before sent, and sent after failed). */
const STATUS_RANK = "CASE {s} WHEN 'read' THEN 4 WHEN 'delivered' THEN 3 WHEN 'failed' THEN 2 WHEN 'sent' THEN 1 ELSE 0 END";
const rank = (expression: string) => STATUS_RANK.replace("{s}", expression);

/**
 * Folds the receipts recorded for a wamid into its message: the highest
 * status wins, and each moment is kept from its first receipt. Receipts that
 * came before the send was recorded are applied when it is.
 */
function applyReceipts(db: D1Database, wamid: string): D1PreparedStatement {
  const at = (status: string) => `(SELECT at FROM whatsapp_statuses WHERE wamid = ?1 AND status = '${status}')`;
  return db
    .prepare(
      `UPDATE outbox SET
         status = (SELECT s FROM (SELECT outbox.status AS s UNION ALL SELECT status FROM whatsapp_statuses WHERE wamid = ?1) ORDER BY ${rank("s")} DESC LIMIT 1),
         delivered_at = COALESCE(delivered_at, ${at("delivered")}, ${at("read")}),
         read_at = COALESCE(read_at, ${at("read")}),
         failed_at = CASE WHEN ${rank("outbox.status")} < 3 THEN COALESCE(${at("failed")}, failed_at) ELSE failed_at END,
         error_code = CASE WHEN ${rank("outbox.status")} < 3 THEN COALESCE((SELECT error_code FROM whatsapp_statuses WHERE wamid = ?1 AND status = 'failed'), error_code) ELSE error_code END,
         last_error = CASE WHEN ${rank("outbox.status")} < 3 THEN COALESCE((SELECT error_title FROM whatsapp_statuses WHERE wamid = ?1 AND status = 'failed'), last_error) ELSE last_error END
       WHERE provider_message_id = ?1
       RETURNING status, error_code`,
    )
    .bind(wamid);
}

/**
 * Once WhatsApp says the message reached the phone, its code or sign-in
 * token leaves the stored text, and its parameters go: nothing is left to
 * send again. `withoutSecrets` is the text without them (see withoutSecrets).
 */
export function forgetSecretsOnceDelivered(db: D1Database, id: number, textWithoutSecrets: string): D1PreparedStatement {
  return db.prepare("UPDATE outbox SET body = ?2, params = NULL WHERE id = ?1 AND status IN ('delivered', 'read') AND params IS NOT NULL").bind(id, textWithoutSecrets);
}

/**
 * How long a receipt of a wamid no message carries is kept (marked
 * unmatched_since, migration 0029), waiting for the send that will record it:
 * longer than any Worker invocation that sends may run (a cron run, 15
 * minutes; a request's waitUntil, 30 s after its response), so a deliverer
 * that is still alive always records its send within it (ADR 0020).
 */
export const UNMATCHED_RECEIPT_MS = 15 * 60_000;

/** The receipts of `wamid`, once its send is recorded (markSent), are a message's: no longer waiting to be matched. */
function matchReceipts(db: D1Database, wamid: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE whatsapp_statuses SET unmatched_since = NULL
       WHERE wamid = ?1 AND unmatched_since IS NOT NULL AND EXISTS (SELECT 1 FROM outbox WHERE provider_message_id = ?1)`,
    )
    .bind(wamid);
}

/**
 * Receipts still unmatched UNMATCHED_RECEIPT_MS after they came: no send
 * recorded their wamid, and none can any more. For the cron's housekeeping;
 * reads only the unmatched receipts (a partial index).
 */
export async function removeUnmatchedReceipts(db: D1Database, now: Date): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM whatsapp_statuses INDEXED BY whatsapp_statuses_unmatched
       WHERE unmatched_since IS NOT NULL AND unmatched_since <= ?1 AND NOT EXISTS (SELECT 1 FROM outbox WHERE provider_message_id = whatsapp_statuses.wamid)`,
    )
    .bind(new Date(now.getTime() - UNMATCHED_RECEIPT_MS).toISOString())
    .run();
  return result.meta.changes;
}

/**
 * Records that the message went out, and applies any receipt that came
 * first. Sent by staff by hand (no wamid), it is done: its secrets and
 * parameters go at once. Taken by the Cloud API, they stay until WhatsApp
 * confirms delivery, so that a message that then fails (131026: not on
 * WhatsApp) can still be sent by hand, and text that meets a closed window
 * (131047) can go again as its template. A late success wins over a failure
 * recorded meanwhile by another deliverer (after this one's lease ran out):
 * the message did go out. Staff's by hand is not written while a deliverer's
 * lease runs: the Cloud API may be sending it (sendingUntil).
 */
export function markSent(
  db: D1Database,
  message: Pick<OutboxMessage, "id" | "kind" | "body">,
  sent: { providerMessageId: string | null; sentAs: "template" | "text" | null },
  now: Date,
): D1PreparedStatement[] {
  const textWithoutSecrets = withoutSecrets(message);
  const byHand = sent.providerMessageId === null;
  const statements = [
    db
      .prepare(
        `UPDATE outbox SET status = 'sent', sent_at = ?3, provider_message_id = ?2, sent_as = ?5, last_error = NULL, error_code = NULL,
           failed_at = NULL, leased_until = NULL, body = CASE WHEN ?6 THEN ?4 ELSE body END, params = CASE WHEN ?6 THEN NULL ELSE params END
         WHERE id = ?1 AND status IN ('pending', 'failed') AND (NOT ?6 OR ${notLeasedAt("?3")})`,
      )
      .bind(message.id, sent.providerMessageId, now.toISOString(), textWithoutSecrets, sent.sentAs, byHand ? 1 : 0),
  ];
  if (sent.providerMessageId) {
    statements.push(applyReceipts(db, sent.providerMessageId), forgetSecretsOnceDelivered(db, message.id, textWithoutSecrets), matchReceipts(db, sent.providerMessageId));
  }
  return statements;
}

/**
 * Records a send the Cloud API took (markSent) and returns the message's
 * status and error code once the receipts that came before it are applied:
 * 'failed' when WhatsApp had already reported the send failed.
 */
export async function recordCloudSend(
  db: D1Database,
  message: Pick<OutboxMessage, "id" | "kind" | "body">,
  sent: { providerMessageId: string | null; sentAs: "template" | "text" },
  now: Date,
): Promise<{ status: OutboxStatus; errorCode: number | null } | null> {
  const [, applied] = await db.batch<{ status: OutboxStatus; error_code: number | null }>(markSent(db, message, sent, now));
  const row = applied?.results[0];
  return row ? { status: row.status, errorCode: row.error_code } : null;
}

/** A delivery receipt from the webhook. */
export interface Receipt {
  wamid: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  errorCode: number | null;
  errorTitle: string | null;
}

/**
 * A receipt to react to, and the message it changed (null: a wamid the outbox
 * does not know yet): seen for the first time, or a failure seen before whose
 * message is still failed (see recordReceipts).
 */
export interface NewReceipt {
  receipt: Receipt;
  message: OutboxMessage | null;
}

/**
 * Receipts per round of D1 calls: a SELECT binds at most 100 values (D1's
 * limits), and a webhook body of up to 1,000 updates then costs about 30
 * calls of the 1,000 a Worker invocation may make, not two or three each.
 */
const RECEIPTS_PER_ROUND = 100;

/**
 * Records receipts once per (wamid, status) and folds each into its message,
 * in the order given. A receipt of a wamid the outbox does not know yet is
 * kept only while a send is under way (a deliverer's lease runs, ADR 0009):
 * it may be that send's, which applies it once recorded (markSent); marked
 * unmatched until then, it goes with the cron's housekeeping if no send
 * records it (removeUnmatchedReceipts). Otherwise it is not kept: the
 * message was erased with its member (ADR 0034), or another system sent it,
 * and the webhook still answers it, so Meta does not send it again. Once a message
 * is delivered its secrets go. Returns the receipts not seen before (Meta
 * retries for 36 hours), each with its message as it then stands, and the
 * failures seen before whose message is still failed: the webhook that
 * recorded one may have failed before writing its reaction (ADR 0020), and
 * Meta's retry of that body is then the only way the reaction is made; a
 * reaction moves the message out of 'failed', so it is made once.
 */
export async function recordReceipts(db: D1Database, receipts: readonly Receipt[], now = new Date()): Promise<NewReceipt[]> {
  const toReact: NewReceipt[] = [];
  for (let start = 0; start < receipts.length; start += RECEIPTS_PER_ROUND) {
    const round = receipts.slice(start, start + RECEIPTS_PER_ROUND);
    const results = await db.batch([
      ...round.flatMap((receipt) => [insertReceipt(db, receipt, now), applyReceipts(db, receipt.wamid)]),
      ...followNumberOnceFailed(db, [...new Set(round.map((receipt) => receipt.wamid))]),
    ]);
    const isNew = (index: number) => (results[2 * index]?.results.length ?? 0) > 0;
    const inserted = round.filter((_, index) => isNew(index));
    const failedAgain = round.filter((receipt, index) => !isNew(index) && receipt.status === "failed");
    if (inserted.length === 0 && failedAgain.length === 0) continue;
    const messages = await messagesByWamid(db, [...new Set([...inserted, ...failedAgain].map((receipt) => receipt.wamid))]);
    const delivered = [...messages.values()].filter((message) => message.params !== null && (message.status === "delivered" || message.status === "read"));
    if (delivered.length > 0) await db.batch(delivered.map((message) => forgetSecretsOnceDelivered(db, message.id, withoutSecrets(message))));
    for (const receipt of inserted) toReact.push({ receipt, message: messages.get(receipt.wamid) ?? null });
    for (const receipt of failedAgain) {
      const message = messages.get(receipt.wamid);
      if (message?.status === "failed") toReact.push({ receipt, message });
    }
  }
  return toReact;
}

/** SQL: a message carries the wamid ?1, as its send or as one a re-send replaced (earlier_wamids, migration 0027). */
const KNOWN_WAMID = `(EXISTS (SELECT 1 FROM outbox WHERE provider_message_id = ?1)
  OR EXISTS (SELECT 1 FROM outbox INDEXED BY outbox_resent, json_each(outbox.earlier_wamids) AS earlier WHERE outbox.earlier_wamids IS NOT NULL AND earlier.value = ?1))`;

/** SQL: a deliverer is sending a message at ?6, whose wamid is not recorded yet (a lease runs: the claim sets next_attempt_at with it). */
const SEND_UNDER_WAY = "EXISTS (SELECT 1 FROM outbox WHERE status = 'pending' AND next_attempt_at > ?6 AND leased_until > ?6)";

/** A receipt, once, and only as recordReceipts says; RETURNING names it when it was new. */
function insertReceipt(db: D1Database, receipt: Receipt, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO whatsapp_statuses (wamid, status, at, error_code, error_title, unmatched_since)
       SELECT ?1, ?2, ?3, ?4, ?5, CASE WHEN ${KNOWN_WAMID} THEN NULL ELSE ?6 END
       WHERE ${KNOWN_WAMID} OR ${SEND_UNDER_WAY}
       ON CONFLICT (wamid, status) DO NOTHING RETURNING wamid`,
    )
    .bind(receipt.wamid, receipt.status, receipt.at.toISOString(), receipt.errorCode, receipt.errorTitle, now.toISOString());
}

/** The messages sent under these wamids (at most RECEIPTS_PER_ROUND), by wamid. */
async function messagesByWamid(db: D1Database, wamids: readonly string[]): Promise<Map<string, OutboxMessage>> {
  const slots = wamids.map((_, index) => `?${index + 1}`).join(", ");
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM outbox WHERE provider_message_id IN (${slots})`)
    .bind(...wamids)
    .all<OutboxRow>();
  return new Map(results.flatMap((row) => (row.provider_message_id === null ? [] : [[row.provider_message_id, toMessage(row)] as const])));
}

/**
 * After 131047 (the member's window had closed by the time WhatsApp tried to
 * deliver the text): the template goes at once, the text never again. Only
 * while the message is failed: a second copy of the receipt, reacted to after
 * the template went, changes nothing.
 */
export function requeueAsTemplate(db: D1Database, id: number, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE outbox SET status = 'pending', template_only = 1, next_attempt_at = ?2, provider_message_id = NULL, sent_as = NULL, sent_at = NULL
       WHERE id = ?1 AND status = 'failed' AND params IS NOT NULL`,
    )
    .bind(id, now.toISOString());
}

/**
 * Staff ask for another round of attempts: due now, with the attempt count
 * back at zero so the deliverer's back-off starts again, and without the
 * failed send's message id (see rescheduleAfterReceipt). Sent messages stay
 * sent, and one a deliverer is sending is left to it (sendingUntil).
 */
export function retryMessage(db: D1Database, id: number, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE outbox SET status = 'pending', attempts = 0, last_error = NULL, error_code = NULL, failed_at = NULL, next_attempt_at = ?2,
         provider_message_id = NULL, sent_as = NULL, sent_at = NULL
       WHERE id = ?1 AND status IN ('pending', 'failed') AND (expires_at IS NULL OR expires_at > ?2) AND ${notLeasedAt("?2")}`,
    )
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
       ORDER BY id DESC ${limitClause(filter.pageSize, (filter.page - 1) * filter.pageSize)}`,
    )
    .bind(filter.status ?? null, filter.pid ?? null)
    .all<OutboxRow & { matches: number }>();
  return { items: results.map(toMessage), total: results[0]?.matches ?? 0 };
}

export interface OutboxCounts {
  waiting: number;
  failed: number;
  templateProblems: { errorCode: number; count: number; lastAt: string }[];
}

/** What the console's Outbox entry counts: waiting now, failed this week, and template failures today. */
export async function countOutbox(db: D1Database, now: Date, templateErrorCodes: readonly number[]): Promise<OutboxCounts> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const [counts, problems] = await db.batch([
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM outbox WHERE status = 'pending') AS waiting,
           (SELECT COUNT(*) FROM outbox WHERE status = 'failed' AND failed_at > ?1) AS failed`,
      )
      .bind(weekAgo),
    db
      .prepare(
        `SELECT error_code, COUNT(*) AS count, MAX(failed_at) AS last_at FROM outbox
         WHERE status = 'failed' AND failed_at > ?1 AND error_code IN (SELECT value FROM json_each(?2))
         GROUP BY error_code ORDER BY last_at DESC`,
      )
      .bind(dayAgo, JSON.stringify(templateErrorCodes)),
  ]);
  const row = (counts?.results[0] ?? { waiting: 0, failed: 0 }) as { waiting: number; failed: number };
  const templateProblems = ((problems?.results ?? []) as { error_code: number; count: number; last_at: string }[]).map((problem) => ({
    errorCode: problem.error_code,
    count: problem.count,
    lastAt: problem.last_at,
  }));
  return { waiting: row.waiting, failed: row.failed, templateProblems };
}

/** The latest code message of a member, for the flag on their record. */
export async function latestCodeMessage(db: D1Database, memberPid: number): Promise<OutboxMessage | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM outbox WHERE member_pid = ?1 AND kind LIKE '%\\_code' ESCAPE '\\' ORDER BY id DESC LIMIT 1`)
    .bind(memberPid)
    .first<OutboxRow>();
  return row ? toMessage(row) : null;
}

export type FailedAttemptOutcome = "retrying" | "failed" | "superseded";

/**
 * Records a failed attempt: due again at `retryAt`, or 'failed' for good when
 * `retryAt` is null (the caller's reaction to the error decides). `attempt`
 * is the count the claim returned; if another deliverer has claimed the
 * message since (this one's lease ran out), its outcome is the one that
 * counts and nothing is written ("superseded").
 */
export async function recordFailedAttempt(
  db: D1Database,
  id: number,
  attempt: number,
  failure: { error: string; errorCode: number | null },
  retryAt: Date | null,
  now: Date,
): Promise<FailedAttemptOutcome> {
  const statement =
    retryAt === null
      ? db
          .prepare(
            "UPDATE outbox SET status = 'failed', last_error = ?3, error_code = ?4, failed_at = ?5, leased_until = NULL WHERE id = ?1 AND attempts = ?2 AND status = 'pending'",
          )
          .bind(id, attempt, failure.error, failure.errorCode, now.toISOString())
      : db
          .prepare("UPDATE outbox SET next_attempt_at = ?5, last_error = ?3, error_code = ?4, leased_until = NULL WHERE id = ?1 AND attempts = ?2 AND status = 'pending'")
          .bind(id, attempt, failure.error, failure.errorCode, retryAt.toISOString());
  const result = await statement.run();
  if (result.meta.changes === 0) return "superseded";
  return retryAt === null ? "failed" : "retrying";
}

/**
 * A failure WhatsApp reported later, in a receipt (131049, a code the error
 * table does not name, or none): due again at `retryAt` while attempts are left. The failed send's message
 * id goes with it, as in requeueAsTemplate: Meta may still send receipts for
 * it ("sent" after "failed"), and they must not fold the failure back into
 * the message waiting to be sent again. The cleared id stays in
 * earlier_wamids (trigger outbox_keep_earlier_wamid, migration 0027), so
 * that erasure still finds its receipts (ADR 0034).
 */
export function rescheduleAfterReceipt(db: D1Database, id: number, retryAt: Date, maxAttempts: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE outbox SET status = 'pending', next_attempt_at = ?2, failed_at = NULL, provider_message_id = NULL, sent_as = NULL, sent_at = NULL
       WHERE id = ?1 AND status = 'failed' AND attempts < ?3 AND params IS NOT NULL`,
    )
    .bind(id, retryAt.toISOString(), maxAttempts);
}

/**
 * Without the Cloud API the agency sends messages by hand from the console.
 * Takes up to `limit` new messages (never attempted, not yet noted), writes
 * `note` as their last_error so the console can say why they are waiting,
 * and returns them, so each new message is announced once. They stay
 * pending and due: once WhatsApp is configured, the next run sends them.
 * Left to itself SQLite reads every pending message, held ones included, on
 * `outbox_due`; the partial index holds only the ones not yet held.
 */
export async function holdForManualDelivery(db: D1Database, note: string, limit: number): Promise<OutboxMessage[]> {
  const { results } = await db
    .prepare(
      `UPDATE outbox SET last_error = ?1
       WHERE id IN (
         SELECT id FROM outbox INDEXED BY outbox_not_yet_held
         WHERE status = 'pending' AND attempts = 0 AND last_error IS NULL ORDER BY id ${limitClause(limit)})
       RETURNING ${COLUMNS}`,
    )
    .bind(note)
    .all<OutboxRow>();
  return oldestFirst(results);
}

/**
 * Codes past their expiry that still hold their text: one never sent is
 * failed; one sent without a receipt of delivery keeps its status. Either
 * way the code and the parameters go.
 */
export async function closeExpiredCodes(db: D1Database, now: Date): Promise<number> {
  const result = await db
    .prepare(
      `UPDATE outbox SET
         status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
         failed_at = CASE WHEN status = 'pending' THEN ?1 ELSE failed_at END,
         last_error = CASE WHEN status = 'pending' THEN 'The code expired before it was sent. The member can ask for a new one.' ELSE last_error END,
         body = ?2, params = NULL
       WHERE expires_at IS NOT NULL AND expires_at <= ?1 AND params IS NOT NULL`,
    )
    .bind(now.toISOString(), REDACTED_CODE_BODY)
    .run();
  return result.meta.changes;
}

/** How long a message that was never sent keeps the code or sign-in link in its text. */
export const UNSENT_SECRET_DAYS = 7;

/**
 * Messages that still hold a code or a sign-in token after
 * UNSENT_SECRET_DAYS (never sent, or sent as text without a receipt): their
 * text loses the secret and their parameters go; one never sent is failed.
 */
export async function removeStaleSecrets(db: D1Database, now: Date, limit = 100): Promise<number> {
  const before = new Date(now.getTime() - UNSENT_SECRET_DAYS * 86_400_000).toISOString();
  const { results } = await db
    .prepare(
      `SELECT id, kind, body FROM outbox
       WHERE created_at <= ?1 AND params IS NOT NULL
       ORDER BY created_at, id ${limitClause(limit)}`,
    )
    .bind(before)
    .all<{ id: number; kind: OutboxKind; body: string }>();
  if (results.length === 0) return 0;
  await db.batch(
    results.map((row) =>
      db
        .prepare(
          `UPDATE outbox SET body = ?2, params = NULL,
             status = CASE WHEN status IN ('pending', 'failed') THEN 'failed' ELSE status END,
             failed_at = CASE WHEN status IN ('pending', 'failed') THEN COALESCE(failed_at, ?3) ELSE failed_at END,
             last_error = CASE WHEN status IN ('pending', 'failed') THEN COALESCE(last_error, ?4) ELSE last_error END
           WHERE id = ?1`,
        )
        .bind(row.id, withoutSecrets(row), now.toISOString(), "Not sent within 7 days: its code or sign-in link was removed."),
    ),
  );
  return results.length;
}
