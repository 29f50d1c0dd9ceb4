import { normalizeMobile } from "#shared/schemas/profile-fields.ts";

/**
 * The number as the Cloud API's `to` and wa.me expect it: country code and
 * digits, no "+". Registration stores numbers as +E.164 already; numbers from
 * an earlier system may be typed as "98765 43210", which normalizeMobile turns
 * into an Indian number. Anything it cannot read is passed on as its digits,
 * and the Cloud API's error for it is recorded on the message.
 */
export function recipientDigits(mobile: string): string {
  return (normalizeMobile(mobile) ?? mobile).replace(/\D/g, "");
}

/** A click-to-chat link that opens WhatsApp with the message typed in, for sending by hand. */
export function waMeLink(mobile: string, body: string): string {
  return `https://wa.me/${recipientDigits(mobile)}?text=${encodeURIComponent(body)}`;
}
