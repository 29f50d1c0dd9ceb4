import type { AdminOutboxMessage, OutboxMessage } from "../../../shared/admin-types.ts";
import { waMeLink } from "./recipient.ts";

/**
 * An outbox message as the console shows it: with a click-to-chat link for
 * sending it by hand while it is not sent (without the Cloud API, staff are
 * the delivery; design brief section 3).
 */
export function forStaff(message: OutboxMessage): AdminOutboxMessage {
  return { ...message, waMe: message.status === "sent" ? null : waMeLink(message.toMobile, message.body) };
}
