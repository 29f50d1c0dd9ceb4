// The tiers' names (§ "3. Entities and their fields", "Display names": LIFE
// is PLATINUM, DONOR GOLD, MEMBER SILVER, FREE MEMBER) in the catalogue, so
// that a Telugu reader reads them in Telugu wherever they appear: the header,
// the cards' chips and the membership-ended text (shared/membership.ts).
// Apart from the membership rules: the header shows a name on every page,
// and the rules' texts would come into every page's first load with it (ADR 0040).
import { profileTypeLabel, type ProfileType } from "./constants.ts";
import type { MessageId } from "./i18n/en.ts";

export const TIER_NAME_IDS = {
  LIFE: "common.tierPlatinum",
  DONOR: "common.tierGold",
  MEMBER: "common.tierSilver",
  FREE: "common.tierMember",
  PREMIUM: "common.tierPremium",
} as const satisfies Record<ProfileType, MessageId>;

export type TierNameId = (typeof TIER_NAME_IDS)[ProfileType];

function isProfileType(type: string): type is ProfileType {
  return Object.hasOwn(TIER_NAME_IDS, type);
}

/**
 * A profile type's name in the reader's language (`say`: the SPA's `t`, the
 * Worker's `message`), in English without it; a type the product does not
 * know (an agency backend's own) shows as it is.
 */
export function tierName(profileType: string, say?: (id: TierNameId, values?: Record<string, string | number>) => string): string {
  if (!isProfileType(profileType)) return profileType;
  return say ? say(TIER_NAME_IDS[profileType]) : profileTypeLabel(profileType);
}
