import type { AdminMemberRow } from "../../../../shared/admin-types.ts";
import { formatDay } from "../lib/labels.ts";

/** Free, Active until a day, or Expired, with the views left: what staff are asked about on the phone. */
export function MembershipState({ member }: { member: Pick<AdminMemberRow, "membership" | "profileLimits"> }) {
  const { membership, profileLimits } = member;
  if (!membership.paid) return <span className="font-semibold text-ink">Free</span>;
  return (
    <span>
      <span className={`font-semibold ${membership.active ? "text-green-800" : "text-red-800"}`}>
        {membership.active ? `Active until ${formatDay(profileLimits.lastViewDate)}` : `Expired ${formatDay(profileLimits.lastViewDate)}`}
      </span>
      <span className="block text-sm text-ink-muted">
        {membership.balance} of {profileLimits.profilesCount} views left
      </span>
    </span>
  );
}

export function AccountState({ active }: { active: boolean }) {
  return active ? (
    <span className="text-ink">Active</span>
  ) : (
    <span className="inline-flex rounded-full border border-red-700 bg-red-50 px-2 text-sm font-bold text-red-900">Deactivated</span>
  );
}
