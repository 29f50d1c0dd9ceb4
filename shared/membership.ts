// Membership rules (§ "4. States and transitions", § "6. Roles and permissions" and § "9. Business constants and limits"). The server
// enforces them; the screens use the same functions to choose what to show.
import { profileTypeLabel, type ProfileType } from "./constants.ts";
import { toStoredDisplayDate } from "./dates.ts";
import type { MessageId } from "./i18n/en.ts";
import type { Language } from "./i18n/language.ts";
import { MEMBERSHIP_MESSAGES, fillMessage } from "./messages.ts";
import { tierName } from "./tier-names.ts";

export interface ProfileLimits {
  profileType: ProfileType;
  profilesCount: number;
  total: number;
  /** ISO date (yyyy-MM-dd) the membership runs to, or null. */
  lastViewDate: string | null;
}

export function isPaid(limits: Pick<ProfileLimits, "profileType">): boolean {
  return limits.profileType !== "FREE";
}

/** profilesCount minus total, never below zero. */
export function balance(limits: Pick<ProfileLimits, "profilesCount" | "total">): number {
  return Math.max(0, limits.profilesCount - limits.total);
}

/** Paid and lastViewDate not before `today` (both ISO dates in the agency's time zone). */
export function isActive(limits: ProfileLimits, today: string): boolean {
  return isPaid(limits) && limits.lastViewDate !== null && limits.lastViewDate.slice(0, 10) >= today;
}

/**
 * What a member whose paid membership ended is told (ADR 0015), on the
 * server's refusal and on the screens: on which day it ended, how many views
 * wait for a renewal, and how to renew. The one copy of this text: the Worker
 * passes its `message`, the SPA its `t` (ADR 0040).
 */
export function membershipEndedText(limits: ProfileLimits, agency: { name: string; phone: string }, say: MembershipSay, language: Language): string {
  const date = limits.lastViewDate ? membershipDate(limits.lastViewDate, language) : "-";
  const left = balance(limits);
  const ended = say("membership.ended", { tier: tierName(limits.profileType, say), date });
  const waiting = left > 0 ? say("membership.viewsWaiting", { n: left }) : say("membership.noViewsWaiting");
  return `${ended} ${waiting} ${say("membership.howToRenew", { agency: agency.name, phone: agency.phone })}`;
}

/**
 * English without the catalogue: the same words as the catalogue's (a unit
 * test compares them), so code that needs only English (the tests, the
 * console) does not load the catalogue.
 */
const IN_ENGLISH = {
  "membership.freeMember": MEMBERSHIP_MESSAGES.freeMember,
  "membership.zeroBalance": MEMBERSHIP_MESSAGES.zeroBalance,
  "membership.notApproved": MEMBERSHIP_MESSAGES.notApproved,
  "membership.ended": MEMBERSHIP_MESSAGES.ended,
  "membership.viewsWaiting": MEMBERSHIP_MESSAGES.viewsWaiting,
  "membership.noViewsWaiting": MEMBERSHIP_MESSAGES.noViewsWaiting,
  "membership.howToRenew": MEMBERSHIP_MESSAGES.howToRenew,
  "membership.viewCostsOne": MEMBERSHIP_MESSAGES.viewCostsOne,
  "membership.viewCostsNothing": MEMBERSHIP_MESSAGES.viewCostsNothing,
  "common.tierPlatinum": profileTypeLabel("LIFE"),
  "common.tierGold": profileTypeLabel("DONOR"),
  "common.tierSilver": profileTypeLabel("MEMBER"),
  "common.tierMember": profileTypeLabel("FREE"),
  "common.tierPremium": profileTypeLabel("PREMIUM"),
} as const satisfies Partial<Record<MessageId, string>>;

/** The ids a membership text is made of. */
export type MembershipMessageId = keyof typeof IN_ENGLISH;

/** A membership text in the reader's language: the SPA's `t` or `translate`, the Worker's `message` (ADR 0040). */
export type MembershipSay = (id: MembershipMessageId, values?: Record<string, string | number>) => string;

const sayInEnglish: MembershipSay = (id, values = {}) => fillMessage(IN_ENGLISH[id], values);

/** membershipEndedText in English, for the tests: the SPA and the Worker pass their own reader's words, so their bundles leave these out. */
export function membershipEndedTextInEnglish(limits: ProfileLimits, agency: { name: string; phone: string }): string {
  return membershipEndedText(limits, agency, sayInEnglish, "en");
}

// Made at its first use, not when the module is evaluated: a Telugu date
// format loads the locale's data, about 20 ms of a slow phone's main thread
// (ADR 0031), and the pages that import this module mostly show no date.
let teluguDate: Intl.DateTimeFormat | undefined;

/** The day a membership ends: dd-MM-yyyy in English, "24 నవంబర్, 2026" in Telugu. */
function membershipDate(iso: string, language: Language): string {
  if (language !== "te") return toStoredDisplayDate(iso);
  teluguDate ??= new Intl.DateTimeFormat("te-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return teluguDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
