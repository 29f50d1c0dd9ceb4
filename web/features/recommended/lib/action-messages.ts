// The texts a suggestion's buttons lead to (sections 6 and 8).
import type { CurrentUser } from "../../../../shared/api-types.ts";
import { toStoredDisplayDate } from "../../../../shared/dates.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import type { Agency } from "../../../lib/agency.ts";
import { isApiError } from "../../../lib/api-client.ts";

/**
 * Why this member cannot ask for phone numbers now (section 6), or null when
 * they can: FREE, expired, or no balance left, in that order.
 */
export function membershipNotice(user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">, agency: Agency): { title: string; text: string } | null {
  const contact = { agency: agency.name, phone: agency.phone };
  if (!user.membership.paid) {
    return { title: "Paid members only", text: fillMessage(MEMBERSHIP_MESSAGES.freeMember, { ...contact, pid: user.pid }) };
  }
  if (!user.membership.active) {
    const date = user.profileLimits.lastViewDate ? toStoredDisplayDate(user.profileLimits.lastViewDate) : "-";
    return { title: "Membership expired", text: fillMessage(MEMBERSHIP_MESSAGES.expired, { ...contact, date }) };
  }
  if (user.membership.balance <= 0) {
    return { title: "No balance left", text: fillMessage(MEMBERSHIP_MESSAGES.zeroBalance, contact) };
  }
  return null;
}

/**
 * Section 8, interest failure: with status 300 or above, the server's text
 * followed by a full stop; otherwise "Something went wrong (101). Please
 * contact {phone}".
 */
export function interestFailureText(error: unknown, agency: Agency): string {
  if (isApiError(error) && error.fromServer && error.status >= 300) {
    const text = error.error.trim();
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  return fillMessage(MESSAGES.interestFailedDefault, { phone: agency.phone });
}
