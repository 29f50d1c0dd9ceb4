// What "Paid Website Service / See Photo & Phone Number" explains (sections
// 4 and 6): why this member does not see the phone number here, and what to
// do about it. The membership texts are shared with the Worker.
import type { CurrentUser, ProfileCard } from "../../../../shared/api-types.ts";
import { membershipEndedText } from "../../../../shared/membership.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { requestState } from "../../../components/profile-card/main-action.ts";
import type { Agency } from "../../../lib/agency.ts";

export interface PaidServiceText {
  text: string;
  /** Whether the member needs a (renewed, topped-up) paid membership first. */
  upsell: boolean;
  /** Where the member can act on the profile (send interest, or confirm the view), when they can. */
  next: "request" | "view" | null;
}

export function paidServiceText(
  user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">,
  card: ProfileCard,
  agency: Agency,
): PaidServiceText {
  const contact = { agency: agency.name, phone: agency.phone };
  if (!user.membership.paid) return { text: fillMessage(MEMBERSHIP_MESSAGES.freeMember, { ...contact, pid: user.pid }), next: null, upsell: true };
  if (!user.membership.active) return { text: membershipEndedText(user.profileLimits, agency), next: null, upsell: true };
  const state = requestState(card);
  if (state === "declined") return { text: "The profile owner did not accept your request.", next: null, upsell: false };
  // A profile unlocked before stays open at any balance (ADR 0012).
  if (user.membership.balance <= 0 && !(state === "approved" && card.viewed)) {
    return { text: fillMessage(MEMBERSHIP_MESSAGES.zeroBalance, contact), next: null, upsell: true };
  }
  if (state === "pending") return { text: MESSAGES.requestSent, next: null, upsell: false };
  if (state === "approved") {
    return { text: "The profile owner approved your request. Confirm on the profile to see the phone number and full details.", next: "view", upsell: false };
  }
  return { text: "Send your interest to this profile. When the owner approves, you can see the phone number and full details.", next: "request", upsell: false };
}
