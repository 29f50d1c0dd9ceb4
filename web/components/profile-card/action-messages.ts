// The texts a card's buttons lead to (sections 6 and 8), filled with the
// member's own values and the agency's contact details. One copy for every
// screen with cards, so that they all explain a membership the same way.
import type { CurrentUser, ProfileCard } from "../../../shared/api-types.ts";
import { toStoredDisplayDate } from "../../../shared/dates.ts";
import { membershipEndedText } from "../../../shared/membership.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "../../../shared/messages.ts";
import type { Agency } from "../../lib/agency.ts";
import { isApiError } from "../../lib/api-client.ts";

/** dd-MM-yyyy (section 9: display of stored dates), or "-" without a date. */
export function expiryDate(user: Pick<CurrentUser, "profileLimits">): string {
  const date = user.profileLimits.lastViewDate;
  return date ? toStoredDisplayDate(date) : "-";
}

export interface Notice {
  title: string;
  text: string;
}

/**
 * Why this member cannot see this profile's phone number now (section 6),
 * or null when they can: FREE, a membership that ended, or no balance left
 * for a profile not unlocked before, in that order.
 */
export function membershipNotice(user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">, agency: Agency, card?: Pick<ProfileCard, "viewed">): Notice | null {
  const contact = { agency: agency.name, phone: agency.phone };
  if (!user.membership.paid) {
    return { title: "Paid members only", text: fillMessage(MEMBERSHIP_MESSAGES.freeMember, { ...contact, pid: user.pid }) };
  }
  if (!user.membership.active) return { title: "Membership ended", text: membershipEndedText(user.profileLimits, agency) };
  // A profile unlocked before stays open at any balance (ADR 0012).
  if (user.membership.balance <= 0 && !card?.viewed) {
    return { title: "No balance left", text: fillMessage(MEMBERSHIP_MESSAGES.zeroBalance, contact) };
  }
  return null;
}

/**
 * Section 8: "Your balance of profiles is {n}. Your membership will expire on
 * {dd-MM-yyyy}. ...", and what this view costs (ADR 0012).
 */
export function viewConfirmText(user: Pick<CurrentUser, "profileLimits" | "membership">, card: Pick<ProfileCard, "viewed">): string[] {
  return [
    fillMessage(MESSAGES.viewConfirm, { n: user.membership.balance, date: expiryDate(user) }),
    card.viewed ? MEMBERSHIP_MESSAGES.viewCostsNothing : fillMessage(MEMBERSHIP_MESSAGES.viewCostsOne, { n: user.membership.balance }),
  ];
}

/** The server's sentence, ending in a full stop (section 8) without doubling one it already has. */
export function withFullStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * Section 8, interest failure: with status 300 or above, the server's text
 * followed by a full stop; otherwise (no answer at all, or one without a
 * text) "Something went wrong (101). Please contact {phone}".
 *
 * `notFoundIsMissingCall`: the search screens read a 404 as the interest call
 * itself not being found (an agency backend without it), which the member can
 * only take to the agency, so they give the default text; the other screens
 * show the server's text ("Profile not found."). Kept as it was when the
 * copies were merged; the two readings still wait for one decision.
 */
export function interestFailureText(error: unknown, phone: string, options: { notFoundIsMissingCall?: boolean } = {}): string {
  if (isApiError(error) && error.fromServer && error.status >= 300 && !(options.notFoundIsMissingCall && error.status === 404)) {
    return withFullStop(error.error);
  }
  return fillMessage(MESSAGES.interestFailedDefault, { phone });
}

/** Section 8, view request failure: the server's text, or "Something went wrong, Please try again later." */
export function viewFailureText(error: unknown): string {
  return isApiError(error) && error.fromServer ? error.error : MESSAGES.removeFailed;
}
