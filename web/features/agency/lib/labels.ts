// How the console names the values staff choose from.
import type { StaffRole } from "#shared/admin-types.ts";
import type { PublicProfile } from "#shared/api-types.ts";
import { profileTypeLabel, type Gender, type ProfileType } from "#shared/constants.ts";
import { INDIA_TIME_ZONE } from "#shared/dates.ts";

/**
 * The names members see (§ "3. Entities and their fields"), the one name staff use everywhere in the
 * console. FREE's display name is MEMBER, which the stored MEMBER tier (shown
 * SILVER) made read as two opposite MEMBERs, so the free tier says so.
 */
export function tierLabel(type: ProfileType): string {
  const shown = profileTypeLabel(type);
  return type === "FREE" ? `${shown} (free)` : shown;
}

export function roleLabel(role: StaffRole): string {
  return role === "owner" ? "Owner" : "Staff";
}

export function genderLabel(gender: Gender): string {
  return gender === "F" ? "Bride" : "Groom";
}

/** The public pages' labels (§ "2. Screens and routes", "/link"), keyed by publicProfile. */
export const PUBLIC_PROFILE_LABELS: Record<Exclude<PublicProfile, null>, string> = {
  PAID: "(Paid Members Only)",
  PUBLIC: "(Free to Public)",
  MEMBERS: "(Members Only)",
};

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: INDIA_TIME_ZONE });

/** "5 Mar 2026" for an ISO date; ISO dates are read as calendar days, not instants. */
export function formatDay(iso: string | null): string {
  if (!iso) return "-";
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  if (!year || !month || !day) return iso;
  return dateFormat.format(new Date(year, month - 1, day));
}

/** "5 Mar 2026, 4:05 pm" for a timestamp, on India's clock, the agency's, wherever staff are (agency-today.ts). */
export function formatMoment(iso: string | null): string {
  if (!iso) return "-";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** What each audit action did, in staff's words; a code not listed here shows as itself. */
const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  membership: "Membership set",
  visibility: "Visibility set",
  deactivate: "Member deactivated",
  reactivate: "Member reactivated",
  reset_password: "Password reset",
  end_sessions: "Sessions ended",
  issue_link: "Link issued",
  revoke_link: "Link revoked",
  recommend: "Profile recommended",
  unrecommend: "Recommendation removed",
  retry_message: "Message retried",
  sent_by_hand: "Marked sent by hand",
  create_template: "Template created",
  update_template: "Template changed",
  delete_template: "Template deleted",
  save_public_list: "Public list saved",
  delete_public_list: "Public list deleted",
  add_staff: "Staff account added",
  deactivate_staff: "Staff account deactivated",
  reactivate_staff: "Staff account reactivated",
  reset_staff_password: "Staff password reset",
  change_own_password: "Own password changed",
  profile_interest: "Interest sent for a member",
  correct_personal: "Personal details corrected",
  correct_education: "Education corrected",
  correct_profession: "Profession corrected",
  correct_parents: "Parent details corrected",
  record_data_request: "Data request recorded",
  close_data_request: "Data request closed",
  delete_profile: "Profile deleted on request",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}
