// How the console names the values staff choose from.
import type { PublicProfile } from "../../../../shared/api-types.ts";
import { profileTypeLabel, type Gender, type ProfileType } from "../../../../shared/constants.ts";

/**
 * Staff sell the tiers by the names members see (section 3) but talk about
 * them by their stored names too: both show where they differ.
 */
export function tierLabel(type: ProfileType): string {
  const shown = profileTypeLabel(type);
  return shown === type ? type : `${shown} (${type})`;
}

export function genderLabel(gender: Gender): string {
  return gender === "F" ? "Bride" : "Groom";
}

/** The public pages' labels (section 2, "/link"), keyed by publicProfile. */
export const PUBLIC_PROFILE_LABELS: Record<Exclude<PublicProfile, null>, string> = {
  PAID: "(Paid Members Only)",
  PUBLIC: "(Free to Public)",
  MEMBERS: "(Members Only)",
};

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" });

/** "5 Mar 2026" for an ISO date; ISO dates are read as calendar days, not instants. */
export function formatDay(iso: string | null): string {
  if (!iso) return "-";
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  if (!year || !month || !day) return iso;
  return dateFormat.format(new Date(year, month - 1, day));
}

/** "5 Mar 2026, 4:05 pm" for a timestamp, in the browser's time zone. */
export function formatMoment(iso: string | null): string {
  if (!iso) return "-";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
