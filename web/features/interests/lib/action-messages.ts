// The texts the buttons of these lists lead to (sections 6 and 8), filled
// with the member's own values and the agency's contact details.
import type { CurrentUser } from "../../../../shared/api-types.ts";
import { toStoredDisplayDate } from "../../../../shared/dates.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { isApiError } from "../../../lib/api-client.ts";
import type { Agency } from "../../../lib/agency.ts";

/** dd-MM-yyyy (section 9: display of stored dates), or "-" without a date. */
export function expiryDate(user: Pick<CurrentUser, "profileLimits">): string {
  const date = user.profileLimits.lastViewDate;
  return date ? toStoredDisplayDate(date) : "-";
}

/** The day of an interest timestamp as members read dates (dd-MM-yyyy), in the member's own time zone. */
export function interestDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "-";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

export interface Notice {
  title: string;
  text: string;
}

/**
 * Why this member cannot see phone numbers now (section 6), or null when
 * they can: FREE, expired, or no balance left, in that order.
 */
export function membershipNotice(user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">, agency: Agency): Notice | null {
  const contact = { agency: agency.name, phone: agency.phone };
  if (!user.membership.paid) {
    return { title: "Paid members only", text: fillMessage(MEMBERSHIP_MESSAGES.freeMember, { ...contact, pid: user.pid }) };
  }
  if (!user.membership.active) {
    return { title: "Membership expired", text: fillMessage(MEMBERSHIP_MESSAGES.expired, { ...contact, date: expiryDate(user) }) };
  }
  if (user.membership.balance <= 0) {
    return { title: "No balance left", text: fillMessage(MEMBERSHIP_MESSAGES.zeroBalance, contact) };
  }
  return null;
}

/** Section 8: "Your balance profiles is {n}. Your membership will expire on {dd-MM-yyyy}. ..." */
export function viewConfirmText(user: Pick<CurrentUser, "profileLimits" | "membership">): string {
  return fillMessage(MESSAGES.viewConfirm, { n: user.membership.balance, date: expiryDate(user) });
}

/** The server's sentence, ending in a full stop (section 8) without doubling one it already has. */
function withFullStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Section 8, interest failure: with status 300 or above, the server's text
 * followed by a full stop; otherwise (no answer at all, or one without a
 * text) "Something went wrong (101). Please contact {phone}".
 */
export function interestFailureText(error: unknown, agency: Agency): string {
  if (isApiError(error) && error.fromServer && error.status >= 300) return withFullStop(error.error);
  return fillMessage(MESSAGES.interestFailedDefault, { phone: agency.phone });
}

/** Section 8, view request failure: the server's text, or "Something went wrong, Please try again later." */
export function viewFailureText(error: unknown): string {
  return isApiError(error) && error.fromServer ? error.error : MESSAGES.removeFailed;
}

/**
 * Section 8, approve and reject: the server refused (already decided,
 * withdrawn meanwhile) reads "Somthing Went wrong, Approve/Reject Profile
 * Request Failed.", with the server's reason beside it; anything unexpected
 * (no answer, a server fault) "Somthing Went wrong, Request Failed.please
 * Contact {agency}".
 */
export function decisionFailure(decision: "approve" | "reject", error: unknown, agency: Agency): { text: string; reason: string | null } {
  if (isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500) {
    return { text: decision === "approve" ? MESSAGES.approveFailed : MESSAGES.rejectFailed, reason: withFullStop(error.error) };
  }
  return { text: fillMessage(MESSAGES.requestFailedContact, { agency: agency.name || agency.phone }), reason: null };
}
