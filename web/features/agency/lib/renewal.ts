// Renewing or extending a membership (ADR 0018): the new last day is counted
// from the current one while it still runs, the last day itself included (no
// paid day is lost), or from today once it has lapsed or the member is free;
// a free member moves to the entry tier, a paid one keeps theirs. Only the
// form computes this: the server stores the four values it is sent (ADR 0018)
// and has no renewal rule of its own, so this file is where the rule lives.
import { addMonths, format, parseISO } from "date-fns";
import type { ProfileType } from "#shared/constants.ts";
import { agencyToday } from "./agency-today.ts";
import type { ProfileLimits } from "#shared/membership.ts";

export const RENEWAL_MONTHS = [3, 6, 12] as const;

export function renewedUntil(limits: ProfileLimits, months: number, today: string = agencyToday()): string {
  const current = limits.profileType !== "FREE" && limits.lastViewDate ? limits.lastViewDate.slice(0, 10) : null;
  const from = current && current >= today ? current : today;
  return format(addMonths(parseISO(from), months), "yyyy-MM-dd");
}

/** A free member buying a renewal gets the entry tier; a paid one keeps theirs. */
export function renewedTier(limits: ProfileLimits): ProfileType {
  return limits.profileType === "FREE" ? "MEMBER" : limits.profileType;
}

/**
 * Whether a renewal must leave "Profiles allowed" for staff to fill in: the
 * member has no views left (a free member's 0 of 0, or 30 of 30 used), so
 * keeping the number would sell a membership that opens nothing and tell the
 * member "0 profile views remaining" (ADR 0018). The form's texts, as typed.
 */
export function renewalNeedsViews(profilesCount: string, total: string): boolean {
  const allowed = Number(profilesCount.trim() || Number.NaN);
  const used = Number(total.trim() || 0);
  return !(allowed > used);
}
