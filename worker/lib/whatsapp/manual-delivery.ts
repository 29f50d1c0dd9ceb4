import type { AdminOutboxMessage } from "../../../shared/admin-types.ts";
import type { OutboxMessage } from "../../db/outbox.ts";
import { waMeLink } from "./recipient.ts";

/**
 * An outbox message as the console shows it: with a click-to-chat link for
 * sending it by hand while it is not sent (without the Cloud API, staff are
 * the delivery; design brief section 3).
 */
export function forStaff(message: OutboxMessage): AdminOutboxMessage {
  return {
    id: message.id,
    memberPid: message.memberPid,
    toMobile: message.toMobile,
    kind: message.kind,
    body: message.body,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: message.createdAt,
    sentAt: message.sentAt,
    waMe: message.status === "sent" ? null : waMeLink(message.toMobile, message.body),
  };
}
