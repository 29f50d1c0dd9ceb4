import type { AdminMemberRow, PendingErasure } from "#shared/admin-types.ts";
import { formatDay, formatMoment } from "../lib/labels.ts";

/**
 * Free, Active until a day, or Expired, with the views left: what staff are
 * asked about on the phone. A running membership with no views left is not
 * shown as green: the member can open no more full profiles until more are bought.
 */
export function MembershipState({ member }: { member: Pick<AdminMemberRow, "membership" | "profileLimits"> }) {
  const { membership, profileLimits } = member;
  if (!membership.paid) return <span className="font-semibold text-ink">Free</span>;
  const until = formatDay(profileLimits.lastViewDate);
  const [text, tone] = !membership.active
    ? [`Expired ${until}`, "text-red-800"]
    : membership.balance === 0
      ? [`Active until ${until}, no views left`, "text-saffron-900"]
      : [`Active until ${until}`, "text-green-800"];
  return (
    <span>
      <span className={`font-semibold ${tone}`}>{text}</span>
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

/**
 * The erasure that is due (ADR 0034), so that staff on the phone can say it:
 * a profile the member deleted, or one unused for years whose member is told
 * (the erasure waits 48 hours from the notice going out, ADR 0034) and which
 * a sign-in or a membership sold still keeps.
 */
export function ErasureState({ erasure }: { erasure: PendingErasure }) {
  const after = formatMoment(erasure.eraseAfter);
  return erasure.reason === "deleted" ? (
    <span className="font-semibold text-red-900">Deleted at the member&apos;s request: the data is erased after {after}.</span>
  ) : (
    <span className="font-semibold text-red-900">
      Unused for years: the data is erased after {after}, and not before 48 hours after the WhatsApp notice went out (a notice waiting or failed in the Outbox holds it until staff
      send it), unless the member signs in or a membership is sold.
    </span>
  );
}
