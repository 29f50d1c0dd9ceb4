// The texts a card's buttons lead to (sections 6 and 8), filled with the
// member's own values and the agency's contact details.
import type { CurrentUser } from "../../../../shared/api-types.ts";
import { toStoredDisplayDate } from "../../../../shared/dates.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { isApiError } from "../../../lib/api-client.ts";

export interface Contact {
  name: string;
  phone: string;
}

/** dd-MM-yyyy (section 9: display of stored dates), or "-" without a date. */
export function expiryDate(user: Pick<CurrentUser, "profileLimits">): string {
  const date = user.profileLimits.lastViewDate;
  return date ? toStoredDisplayDate(date) : "-";
}

export interface MembershipNotice {
  title: string;
  text: string;
}

/**
 * Why this member cannot see phone numbers now (section 6), or null when
 * they can: FREE, expired, or no balance left, in that order.
 */
export function membershipNotice(user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">, agency: Contact): MembershipNotice | null {
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

/**
 * Section 8, interest failure: with status 300 or above, the server's text
 * followed by a full stop; otherwise "Something went wrong (101). Please
 * contact {phone}". A 404 is treated as "otherwise": it means the interest
 * call itself was not found (an agency backend without it), and the member
 * can only call the agency.
 */
export function interestFailureText(error: unknown, agency: Contact): string {
  if (isApiError(error) && error.fromServer && error.status >= 300 && error.status !== 404) {
    const text = error.error.trim();
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  return fillMessage(MESSAGES.interestFailedDefault, { phone: agency.phone });
}

/** Section 8, view request failure: the server's text, or "Something went wrong, Please try again later." */
export function viewFailureText(error: unknown): string {
  return isApiError(error) && error.fromServer ? error.error : MESSAGES.removeFailed;
}
