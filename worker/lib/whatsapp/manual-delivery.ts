import type { AdminOutboxMessage, CodeDelivery, StaffRole } from "#shared/admin-types.ts";
import { deliveryProblem, type DeliveryProblem } from "#shared/whatsapp-errors.ts";
import { isCodeKind } from "#shared/whatsapp-messages.ts";
import { CODE_CLOSED_BY_NUMBER_CHANGE, CODE_CLOSED_BY_NUMBER_CHANGE_AFTER_FAILURE, REDACTED_CODE_BODY, type OutboxMessage } from "#worker/db/outbox.ts";
import { NO_TEMPLATE_PARAMS_NOTE, NOT_CONFIGURED_NOTE } from "./deliver-outbox.ts";
import { waMeLink } from "./recipient.ts";

/** What staff who are not owners read instead of a one-time code's text (ADR 0020). */
export const HIDDEN_CODE_BODY = "[A one-time code: only an owner can read it. Open in WhatsApp to send it by hand; that is recorded in the audit log.]";

const WAITING_FOR_STAFF: DeliveryProblem = {
  reason: "WhatsApp's Cloud API is not connected, so the agency sends this message itself.",
  action: "Send it by hand with Open in WhatsApp, then Mark as sent.",
};

/** Whether staff may still send the message by hand: not gone out, and its code not expired. */
export function sendableByHand(message: OutboxMessage, now: Date): boolean {
  const waiting = message.status === "pending" || message.status === "failed";
  const expired = message.expiresAt !== null && Date.parse(message.expiresAt) <= now.getTime();
  return waiting && !expired && message.params !== null;
}

const WITHOUT_PARAMS: DeliveryProblem = {
  reason: "This message was queued before WhatsApp templates were used: it has no template parameters, so the Cloud API cannot send it.",
  action: "It cannot be sent by hand from the console either. If it still matters, write to the member from the agency's phone.",
};

/** No receipt this long after WhatsApp took a code: the member's record is flagged. */
export const UNDELIVERED_AFTER_MS = 15 * 60_000;

const NOT_DELIVERED_YET: DeliveryProblem = {
  reason: "WhatsApp took the code but has not confirmed that it reached the member's phone.",
  action: "The phone may be off or without internet. Ask the member to open WhatsApp, or send a new code with Reset password.",
};

/** What staff do about a message closed before it went. */
const NOTHING_TO_DO = "Nothing to do: it can no longer be sent, by WhatsApp or by hand.";

/**
 * Why a message that failed can no longer be sent at all, or null while it
 * can: closed by the product (a deleted profile, a changed number, a code or
 * link kept too long, ADR 0009, ADR 0034), its parameters are gone, and its
 * last error says why in the product's words, or WhatsApp's code does.
 */
export function whyClosed(message: OutboxMessage): string | null {
  if (message.status !== "failed" || message.params !== null) return null;
  if (message.errorCode !== null) return deliveryProblem(message.errorCode, true).reason;
  return message.lastError ?? "It was closed before it was sent.";
}

/** The codes with which a member sets a password (ADR 0021): without one, a member who has none cannot sign in. */
const PASSWORD_CODE_KINDS: readonly OutboxMessage["kind"][] = ["staff_reset_code", "forgot_password_code", "registration_code"];

/**
 * A password code the change of number closed (a lost phone: Reset password,
 * then the new number): the member has no password and no code, and a new
 * Reset password sends one to the new number (ADR 0022).
 */
const RESET_AGAIN = "Reset password again: it sends a new code to the new number. Until then the member cannot set a password or sign in with one.";

function closedAction(message: OutboxMessage): string {
  const byNumberChange = message.lastError === CODE_CLOSED_BY_NUMBER_CHANGE || message.lastError === CODE_CLOSED_BY_NUMBER_CHANGE_AFTER_FAILURE;
  return byNumberChange && PASSWORD_CODE_KINDS.includes(message.kind) ? RESET_AGAIN : NOTHING_TO_DO;
}

function problemOf(message: OutboxMessage): DeliveryProblem | null {
  if (message.status === "failed") {
    if (message.lastError === NO_TEMPLATE_PARAMS_NOTE) return WITHOUT_PARAMS;
    const closed = whyClosed(message);
    return closed === null ? deliveryProblem(message.errorCode, true) : { reason: closed, action: closedAction(message) };
  }
  if (message.status !== "pending" || message.lastError === null) return null;
  return message.lastError === NOT_CONFIGURED_NOTE ? WAITING_FOR_STAFF : deliveryProblem(message.errorCode, false);
}

/**
 * An outbox message as the console shows it: with a click-to-chat link for
 * sending it by hand while it waits or failed (without the Cloud API, staff
 * are the delivery; ADR 0009). A code's text, and with it the
 * link, reaches owners only; other staff open it through an audited call.
 */
export function forStaff(message: OutboxMessage, viewer: { role: StaffRole }, now = new Date()): AdminOutboxMessage {
  const bodyHidden = isCodeKind(message.kind) && viewer.role !== "owner" && message.body !== REDACTED_CODE_BODY;
  const byHand = sendableByHand(message, now);
  const { params: _params, templateOnly: _templateOnly, ...shown } = message;
  return {
    ...shown,
    body: bodyHidden ? HIDDEN_CODE_BODY : message.body,
    bodyHidden,
    problem: problemOf(message),
    byHand,
    waMe: byHand && !bodyHidden ? waMeLink(message.toMobile, message.body) : null,
  };
}

/** The latest code of a member as their record shows it: flagged while it has not reached them. */
export function codeDelivery(message: OutboxMessage, now = new Date()): CodeDelivery {
  const reached = message.status === "delivered" || message.status === "read";
  // Only the Cloud API's sends have receipts to wait for; staff's by hand have none.
  const overdue = message.status === "sent" && message.sentAs !== null && message.sentAt !== null && now.getTime() - Date.parse(message.sentAt) > UNDELIVERED_AFTER_MS;
  return {
    kind: message.kind,
    status: message.status,
    createdAt: message.createdAt,
    flagged: !reached && (message.status !== "sent" || overdue),
    problem: overdue ? NOT_DELIVERED_YET : problemOf(message),
  };
}
