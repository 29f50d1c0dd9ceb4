// Membership rules (§ "4. States and transitions", § "6. Roles and permissions" and § "9. Business constants and limits"). The server
// enforces them; the screens use the same functions to choose what to show.
import { profileTypeLabel, type ProfileType } from "./constants.ts";
import { toStoredDisplayDate } from "./dates.ts";
import type { MessageId } from "./i18n/en.ts";
import type { Language } from "./i18n/language.ts";
import { MEMBERSHIP_MESSAGES, fillMessage } from "./messages.ts";

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
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more
 * than formatting with it, and the Worker asks for today on every member call
 * (19 % of the Worker isolate's CPU on a search, ADR 0028). Callers pass the
 * configured zone (AGENCY_TZ), so the map holds one.
 */
const isoDateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's ISO date in the agency's time zone (AGENCY_TZ, default Asia/Kolkata). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = isoDateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as yyyy-MM-dd. A time zone Intl refuses throws here and is not kept.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    isoDateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * What a member whose paid membership ended is told (ADR 0015), on the
 * server's refusal and on the screens: on which day it ended, how many views
 * wait for a renewal, and how to renew.
 */
export function membershipEndedText(limits: ProfileLimits, agency: { name: string; phone: string }, say: MembershipSay = sayInEnglish, language: Language = "en"): string {
  const date = limits.lastViewDate ? membershipDate(limits.lastViewDate, language) : "-";
  const left = balance(limits);
  const ended = say("membership.ended", { tier: profileTypeLabel(limits.profileType), date });
  const waiting = left > 0 ? say("membership.viewsWaiting", { n: left }) : say("membership.noViewsWaiting");
  return `${ended} ${waiting} ${say("membership.howToRenew", { agency: agency.name, phone: agency.phone })}`;
}

/**
 * English without the catalogue: MEMBERSHIP_MESSAGES holds the same words as
 * the catalogue's membership.* (a unit test compares them), so code that
 * needs only English does not load the catalogue.
 */
const MEMBERSHIP_KEYS = {
  "membership.freeMember": "freeMember",
  "membership.zeroBalance": "zeroBalance",
  "membership.notApproved": "notApproved",
  "membership.ended": "ended",
  "membership.viewsWaiting": "viewsWaiting",
  "membership.noViewsWaiting": "noViewsWaiting",
  "membership.howToRenew": "howToRenew",
  "membership.viewCostsOne": "viewCostsOne",
  "membership.viewCostsNothing": "viewCostsNothing",
} as const satisfies Partial<Record<MessageId, keyof typeof MEMBERSHIP_MESSAGES>>;

type MembershipMessageId = keyof typeof MEMBERSHIP_KEYS;

/** A membership text in the reader's language: the SPA's `translate`, the Worker's `message` (ADR 0040). */
export type MembershipSay = (id: MembershipMessageId, values?: Record<string, string | number>) => string;

const sayInEnglish: MembershipSay = (id, values = {}) => fillMessage(MEMBERSHIP_MESSAGES[MEMBERSHIP_KEYS[id]], values);

const TELUGU_DATE = new Intl.DateTimeFormat("te-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The day a membership ends: dd-MM-yyyy in English, "24 నవంబర్, 2026" in Telugu. */
function membershipDate(iso: string, language: Language): string {
  return language === "te" ? TELUGU_DATE.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : toStoredDisplayDate(iso);
}
