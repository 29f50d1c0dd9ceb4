// Membership rules (sections 4, 6 and 9; design brief section 3). The server
// enforces them; the screens use the same functions to choose what to show.
import { profileTypeLabel, type ProfileType } from "./constants.ts";
import { toStoredDisplayDate } from "./dates.ts";
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

/** Today's ISO date in the agency's time zone (AGENCY_TZ, default Asia/Kolkata). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/**
 * What a member whose paid membership ended is told (ADR 0015), on the
 * server's refusal and on the screens: on which day it ended, how many views
 * wait for a renewal, and how to renew.
 */
export function membershipEndedText(limits: ProfileLimits, agency: { name: string; phone: string }): string {
  const date = limits.lastViewDate ? toStoredDisplayDate(limits.lastViewDate) : "-";
  const left = balance(limits);
  const ended = fillMessage(MEMBERSHIP_MESSAGES.ended, { tier: profileTypeLabel(limits.profileType), date });
  const waiting = left > 0 ? fillMessage(MEMBERSHIP_MESSAGES.viewsWaiting, { n: left }) : MEMBERSHIP_MESSAGES.noViewsWaiting;
  return `${ended} ${waiting} ${fillMessage(MEMBERSHIP_MESSAGES.howToRenew, { agency: agency.name, phone: agency.phone })}`;
}
