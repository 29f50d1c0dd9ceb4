// Delivery of the outbox (ADR 0009, ADR 0020): a
// route writes a message in the same batch as its change, then calls
// deliverOutboxSoon; the cron trigger retries whatever is still due. What the
// business starts goes as the approved template; free-form text only inside
// the member's open 24-hour window, and a one-time code always as the
// authentication template.

import { errorReaction, type ErrorReaction } from "#shared/whatsapp-errors.ts";
import { TEMPLATE_OF_KIND, isCodeKind } from "#shared/whatsapp-messages.ts";
import {
  claimDueMessages,
  closeExpiredCodes,
  holdForManualDelivery,
  recordCloudSend,
  recordFailedAttempt,
  removeStaleSecrets,
  removeUnmatchedReceipts,
  requeueAsTemplate,
  rescheduleAfterReceipt,
  type FailedAttemptOutcome,
  type OutboxMessage,
} from "#worker/db/outbox.ts";
import { openWindows } from "#worker/db/whatsapp-inbound.ts";
import { sendMessage, templateMessagePayload, textMessagePayload, type SendResult } from "./cloud-api.ts";
import { whatsappConfig, type WhatsAppConfig, type WhatsAppEnv } from "./config.ts";
import { recipientDigits } from "./recipient.ts";

/** Back-off after failed attempts 1 to 5: 1 min, 5 min, 30 min, 2 h, 6 h; the 6th failure is final. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a claimed message is left to its deliverer. Far above the send
 * timeout (sends of one batch run in parallel), so a live deliverer always
 * records its outcome before anyone else may take the message again.
 */
export const CLAIM_LEASE_MS = 120_000;

/** Messages per run: each costs one fetch and one D1 write, within the Workers subrequest limits. */
export const DEFAULT_BATCH_SIZE = 10;
const MAX_BATCH_SIZE = 50;

/** Batches the cron run takes at most, so a backlog drains over a few runs rather than one long one. */
export const CRON_MAX_BATCHES = 5;

/** last_error of a message kept for the console because WhatsApp is not configured. */
export const NOT_CONFIGURED_NOTE = "WhatsApp is not connected: send it by hand with Open in WhatsApp, then Mark as sent.";

/** last_error of a message that has no template parameters (kept by migration 0012 from before templates). */
export const NO_TEMPLATE_PARAMS_NOTE = "Not sent: it has no template parameters (queued before WhatsApp templates were used).";

/** What delivery reads from the Worker's environment; `Env` satisfies it. */
export type DeliveryEnv = Pick<Env, "DB"> & WhatsAppEnv;

export interface DeliverOptions {
  /** Messages to take in this run (default 10, at most 50). */
  limit?: number;
  /** The clock, for tests of the back-off; defaults to the real time. */
  now?: Date;
  /** Per-request timeout of the Cloud API call (default 10 s). */
  timeoutMs?: number;
}

export interface DeliveryReport {
  configured: boolean;
  /** Messages taken for sending in this run. */
  claimed: number;
  sent: number;
  /** Failed this time, due again later (includes outcomes that could not be recorded: the lease ends and they are retried). */
  retrying: number;
  /** Failed for the last time: status 'failed'. */
  failed: number;
  /** Not configured: new messages announced in the log and left pending for the console. */
  held: number;
}

/**
 * Delay before the next attempt: the usual back-off, or the error's own
 * delay when that is longer (a limit on the agency's number lifts in a
 * minute, or much later: backing off further each time lets it).
 */
function laterDelayMs(reaction: ErrorReaction | null, attempt: number): number | null {
  const usual = retryDelayMs(attempt);
  return usual === null || reaction?.kind !== "later" ? usual : Math.max(usual, reaction.delayMs);
}

/**
 * A failure WhatsApp reported in a receipt: the same reactions as to an error
 * answer (shared/whatsapp-errors.ts), as a statement to run; `requeued` when
 * the message goes again at once, as its template.
 */
export function reactionToFailedReceipt(
  db: D1Database,
  message: Pick<OutboxMessage, "id" | "sentAs" | "attempts">,
  errorCode: number | null,
  now: Date,
): { statement: D1PreparedStatement | null; requeued: boolean } {
  const reaction = errorReaction(errorCode);
  if (reaction?.kind === "template" && message.sentAs === "text") return { statement: requeueAsTemplate(db, message.id, now), requeued: true };
  if (reaction?.kind === "final") {
    if (reaction.alertStaff) console.error(JSON.stringify({ kind: "whatsapp_template_problem", id: message.id, code: errorCode }));
    return { statement: null, requeued: false };
  }
  // Anything else, a code the table does not name or none at all, waits as
  // after the same failure in an answer (ADR 0020): the error's own delay or
  // the back-off after this attempt, whichever is longer; after the last
  // attempt the message stays failed, as the answer's path leaves it.
  const delay = laterDelayMs(reaction, message.attempts);
  if (delay === null) return { statement: null, requeued: false };
  return { statement: rescheduleAfterReceipt(db, message.id, new Date(now.getTime() + delay), MAX_ATTEMPTS), requeued: false };
}

/** Delay before the attempt after failed attempt `attempt` (1-based), or null when it was the last. */
export function retryDelayMs(attempt: number): number | null {
  return attempt >= 1 && attempt < MAX_ATTEMPTS ? (RETRY_DELAYS_MS[attempt - 1] ?? null) : null;
}

/**
 * One delivery run: claims due messages and sends them when WhatsApp is
 * configured, or announces new ones in the log when it is not. One message's
 * failure (error answer, timeout, a D1 write that fails) never stops the
 * others and never throws; only a failure before any message is taken (bad
 * configuration, D1 unreachable) rejects.
 */
export async function deliverOutbox(env: DeliveryEnv, options: DeliverOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { configured: false, claimed: 0, sent: 0, retrying: 0, failed: 0, held: 0 };
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_BATCH_SIZE), 1), MAX_BATCH_SIZE);
  const config = whatsappConfig(env);
  if (!config) {
    const held = await holdForManualDelivery(env.DB, NOT_CONFIGURED_NOTE, limit);
    // Never the text or the number: a code's text is a secret, and the
    // console is where staff find the message.
    for (const message of held) console.log(JSON.stringify({ kind: "outbox_held", id: message.id, messageKind: message.kind, memberPid: message.memberPid }));
    report.held = held.length;
    return report;
  }
  report.configured = true;
  const now = options.now ?? new Date();
  const claimed = await claimDueMessages(env.DB, now, new Date(now.getTime() + CLAIM_LEASE_MS), limit);
  report.claimed = claimed.length;
  const windows = await openWindows(
    env.DB,
    claimed.map((message) => recipientDigits(message.toMobile)),
    now,
  );
  const outcomes = await Promise.all(claimed.map((message) => deliverOne(env.DB, config, message, windows.has(recipientDigits(message.toMobile)), options)));
  for (const outcome of outcomes) {
    if (outcome === "sent") report.sent++;
    else if (outcome === "failed") report.failed++;
    else report.retrying++;
  }
  return report;
}

type Outcome = "sent" | FailedAttemptOutcome | "unrecorded";

/**
 * Sends one claimed message: as text when the member's window is open (free
 * of the template's charge), otherwise, or when the text is refused with
 * 131047, as the approved template.
 */
async function deliverOne(db: D1Database, config: WhatsAppConfig, message: OutboxMessage, windowOpen: boolean, options: DeliverOptions): Promise<Outcome> {
  const now = options.now ?? new Date();
  try {
    let sentAs: "template" | "text" = "template";
    let result: SendResult | null = null;
    if (windowOpen && !message.templateOnly && !isCodeKind(message.kind)) {
      sentAs = "text";
      result = await sendMessage(config, textMessagePayload(message.toMobile, message.body), { timeoutMs: options.timeoutMs });
      if (!result.ok && errorReaction(result.code)?.kind === "template") result = null;
    }
    if (result === null) {
      sentAs = "template";
      // Nothing to send it with: failed for good at once, since taking it
      // again after every lease would only count attempts forever.
      if (!message.params) return await failWithoutParams(db, message, now);
      result = await sendMessage(config, templateMessagePayload(config, { ...message, params: message.params }), { timeoutMs: options.timeoutMs });
    }
    if (result.ok) {
      const recorded = await recordCloudSend(db, message, { providerMessageId: result.providerMessageId, sentAs }, now);
      // WhatsApp's failed receipt came before the send was recorded: the same reaction as when it comes after.
      if (recorded?.status === "failed") await reactionToFailedReceipt(db, { ...message, sentAs }, recorded.errorCode, now).statement?.run();
      return "sent";
    }
    const reaction = errorReaction(result.code);
    const delay = reaction?.kind === "final" ? null : laterDelayMs(reaction, message.attempts);
    const outcome = await recordFailedAttempt(
      db,
      message.id,
      message.attempts,
      { error: result.error, errorCode: result.code },
      delay === null ? null : new Date(now.getTime() + delay),
      now,
    );
    // Never the text or the parameters: they may hold a code.
    const log = { kind: "outbox_send_failed", id: message.id, attempt: message.attempts, outcome, status: result.status, code: result.code, error: result.error };
    if (reaction?.kind === "final" && reaction.alertStaff) {
      console.error(
        JSON.stringify({ ...log, kind: "whatsapp_template_problem", template: config.templates[TEMPLATE_OF_KIND[message.kind]], language: config.languages[message.language] }),
      );
    } else {
      console.warn(JSON.stringify(log));
    }
    return outcome;
  } catch (error) {
    // Only D1 can throw here. The message stays claimed until its lease ends
    // and is then sent again; if it had been sent, WhatsApp shows it twice,
    // which is better than a member never getting their code.
    console.error(JSON.stringify({ kind: "outbox_record_failed", id: message.id, attempt: message.attempts, message: String(error) }));
    return "unrecorded";
  }
}

/**
 * A message that must go as its template but has no parameters (kept by
 * migration 0012 from before templates): failed for good, with the reason for
 * staff. It cannot go by hand either (sendableByHand wants the parameters).
 */
async function failWithoutParams(db: D1Database, message: OutboxMessage, now: Date): Promise<FailedAttemptOutcome> {
  const outcome = await recordFailedAttempt(db, message.id, message.attempts, { error: NO_TEMPLATE_PARAMS_NOTE, errorCode: null }, null, now);
  console.warn(JSON.stringify({ kind: "outbox_send_failed", id: message.id, attempt: message.attempts, outcome, error: NO_TEMPLATE_PARAMS_NOTE }));
  return outcome;
}

/**
 * Sends new messages right after the response, from a route that has just
 * written them: `deliverOutboxSoon(c)` after the batch. Errors are logged,
 * not thrown: the member's request has already succeeded, and the cron
 * trigger retries whatever is left.
 */
export function deliverOutboxSoon(c: { env: DeliveryEnv; executionCtx: Pick<ExecutionContext, "waitUntil"> }): void {
  let executionCtx: Pick<ExecutionContext, "waitUntil">;
  try {
    executionCtx = c.executionCtx;
  } catch {
    // Hono throws when a request has no execution context, as with
    // `app.request(path, init, env)` in tests. Nothing is lost: the message
    // is in the outbox and the cron run delivers it.
    return;
  }
  executionCtx.waitUntil(
    deliverOutbox(c.env).catch((error: unknown) => {
      console.error(JSON.stringify({ kind: "outbox_delivery_failed", message: String(error) }));
    }),
  );
}

/**
 * The cron run: batches until nothing more is due or CRON_MAX_BATCHES is
 * reached; the next run takes the rest.
 */
export async function deliverDueMessages(env: DeliveryEnv, options: Omit<DeliverOptions, "limit"> & { batchSize?: number } = {}): Promise<DeliveryReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const total: DeliveryReport = { configured: false, claimed: 0, sent: 0, retrying: 0, failed: 0, held: 0 };
  for (let batch = 0; batch < CRON_MAX_BATCHES; batch++) {
    const report = await deliverOutbox(env, { ...options, limit: batchSize });
    total.configured = report.configured;
    total.claimed += report.claimed;
    total.sent += report.sent;
    total.retrying += report.retrying;
    total.failed += report.failed;
    total.held += report.held;
    if (report.claimed + report.held < batchSize) break;
  }
  return total;
}

/**
 * The cron's housekeeping before it delivers: expired codes lose their text
 * (failed, when never sent), messages not delivered lose their sign-in
 * token after 7 days, and receipts that came while a send was under way but
 * that no send recorded go (ADR 0020).
 */
export async function closeStaleMessages(env: Pick<Env, "DB">, now = new Date()): Promise<{ expired: number; cleaned: number; unmatchedReceipts: number }> {
  return {
    expired: await closeExpiredCodes(env.DB, now),
    cleaned: await removeStaleSecrets(env.DB, now),
    unmatchedReceipts: await removeUnmatchedReceipts(env.DB, now),
  };
}
