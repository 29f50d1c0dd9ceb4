// What "Paid Website Service / See Photo & Phone Number" explains (sections
// 4 and 6): why this member does not see the phone number here, and what to
// do about it, in the active language. The membership texts are shared with
// the Worker.
import type { CurrentUser, ProfileCard } from "#shared/api-types.ts";
import { membershipEndedText } from "#shared/membership.ts";
import { requestState } from "#web/components/profile-card/main-action.ts";
import type { Agency } from "#web/lib/agency.ts";
import { currentLanguage, translate } from "#web/lib/i18n.ts";

export interface PaidServiceText {
  text: string;
  /** Whether the member needs a (renewed, topped-up) paid membership first. */
  upsell: boolean;
  /** Where the member can act on the profile (send interest, or confirm the view), when they can. */
  next: "request" | "view" | null;
}

export function paidServiceText(user: Pick<CurrentUser, "pid" | "profileLimits" | "membership">, card: ProfileCard, agency: Agency): PaidServiceText {
  const contact = { agency: agency.name, phone: agency.phone };
  if (!user.membership.paid) return { text: translate("membership.freeMember", { ...contact, pid: user.pid }), next: null, upsell: true };
  if (!user.membership.active) return { text: membershipEndedText(user.profileLimits, agency, translate, currentLanguage()), next: null, upsell: true };
  const state = requestState(card);
  if (state === "declined") return { text: translate("whatsappProfile.declined"), next: null, upsell: false };
  // A profile unlocked before stays open at any balance (ADR 0012).
  if (user.membership.balance <= 0 && !(state === "approved" && card.viewed)) {
    return { text: translate("membership.zeroBalance", contact), next: null, upsell: true };
  }
  if (state === "pending") return { text: translate("whatsappProfile.requestSentLong"), next: null, upsell: false };
  if (state === "approved") return { text: translate("whatsappProfile.approved"), next: "view", upsell: false };
  return { text: translate("whatsappProfile.sendInterest"), next: "request", upsell: false };
}
