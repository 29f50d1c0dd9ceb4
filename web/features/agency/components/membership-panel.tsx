import { useState } from "react";
import type { AdminMember } from "#shared/admin-types.ts";
import { PROFILE_TYPES } from "#shared/constants.ts";
import { membershipSchema, type MembershipInput } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { useTimedAlert, TimedAlert } from "#web/components/ui/timed-alert.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useUpdateMembership } from "../api/update-membership.ts";
import { formatDay, tierLabel } from "../lib/labels.ts";
import { RENEWAL_MONTHS, renewalNeedsViews, renewedTier, renewedUntil } from "../lib/renewal.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";
import { MembershipState } from "./membership-state.tsx";
import { Panel } from "./panel.tsx";

interface MembershipValues {
  profileType: string;
  profilesCount: string;
  total: string;
  lastViewDate: string;
  /**
   * Not fields: the membership as loaded, so that the server refuses a save
   * over a view the member used or a sale other staff made meanwhile.
   */
  expectedTotal: string;
  expectedProfileType: string;
  expectedProfilesCount: string;
  expectedLastViewDate: string;
}

/**
 * Inputs give text; the schema checks numbers, and an empty date is "no
 * date". Only digits become a number: "1e3" or "0x1E" (which Number() reads
 * as 1000 and 30) stay text, which the schema refuses as not a whole number.
 */
function toPayload(values: MembershipValues): unknown {
  const number = (text: string) => {
    const typed = text.trim();
    if (typed === "") return undefined;
    return /^\d+$/.test(typed) ? Number(typed) : typed;
  };
  return {
    profileType: values.profileType,
    profilesCount: number(values.profilesCount),
    total: number(values.total),
    lastViewDate: values.lastViewDate === "" ? null : values.lastViewDate,
    expectedTotal: number(values.expectedTotal),
    expectedProfileType: values.expectedProfileType,
    expectedProfilesCount: number(values.expectedProfilesCount),
    expectedLastViewDate: values.expectedLastViewDate === "" ? null : values.expectedLastViewDate,
  };
}

const resolver = zodMiniResolver<MembershipValues, typeof membershipSchema>(membershipSchema, toPayload);

function valuesOf(member: AdminMember): MembershipValues {
  const limits = member.profileLimits;
  return {
    profileType: limits.profileType,
    profilesCount: String(limits.profilesCount),
    total: String(limits.total),
    lastViewDate: limits.lastViewDate?.slice(0, 10) ?? "",
    expectedTotal: String(limits.total),
    expectedProfileType: limits.profileType,
    expectedProfilesCount: String(limits.profilesCount),
    expectedLastViewDate: limits.lastViewDate?.slice(0, 10) ?? "",
  };
}

// Selling, renewing or extending a membership: the four values the server
// keeps, set together in one save. The quick renewals only fill the form, so
// that staff check the views bought before money changes the record.
export function MembershipPanel({ member }: { member: AdminMember }) {
  const update = useUpdateMembership(member.pid);
  const saved = useTimedAlert();
  const [filled, setFilled] = useState<string | null>(null);
  const {
    register,
    setValue,
    getValues,
    setFocus,
    onSubmit,
    send,
    failure,
    formState: { errors, isDirty },
  } = useConsoleForm<MembershipValues, MembershipInput>({
    resolver,
    values: valuesOf(member),
    fields: ["profileType", "profilesCount", "total", "lastViewDate"],
  });

  const submit = onSubmit((body) => {
    setFilled(null);
    send(update.mutate, body, { onSuccess: () => saved.show("success", () => "Membership saved.") });
  });

  const renew = (months: number) => {
    const until = renewedUntil(member.profileLimits, months);
    setValue("profileType", renewedTier(member.profileLimits), { shouldDirty: true });
    setValue("lastViewDate", until, { shouldDirty: true });
    // The spec sells no fixed number of views with a tier, so the form cannot
    // guess one: with no views left (none allowed, or all of them used) an
    // empty field (Required) makes staff type the number bought rather than
    // renew a membership that opens nothing.
    const viewed = getValues("total").trim();
    const needsViews = renewalNeedsViews(getValues("profilesCount"), viewed);
    if (needsViews) {
      setValue("profilesCount", "", { shouldDirty: true });
      setFocus("profilesCount");
    }
    const fill =
      needsViews && Number(viewed) > 0
        ? `No views are left. Fill in the profiles allowed: the ${viewed} already viewed plus the new ones bought`
        : needsViews
          ? "Fill in the profiles allowed (the full profiles bought)"
          : "Check the profiles allowed";
    setFilled(`Filled in ${months} months, to ${formatDay(until)}. ${fill}, then Save membership.`);
  };

  return (
    <Panel title="Membership">
      <p className="m-0 mb-3 text-base">
        <MembershipState member={member} />
      </p>
      <div role="group" aria-label="Renew or extend" className="mb-4 grid grid-cols-3 gap-2">
        {RENEWAL_MONTHS.map((months) => (
          <button key={months} type="button" className="btn-quiet px-2" onClick={() => renew(months)}>
            Renew {months} months
          </button>
        ))}
      </div>
      <div aria-live="polite">
        {filled ? (
          <Alert tone="info" className="mb-4" live={false}>
            {filled}
          </Alert>
        ) : null}
      </div>

      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy={update.isPending}>
        <SelectField
          label="Tier"
          required
          error={errors.profileType?.message}
          options={PROFILE_TYPES.map((type) => ({ value: type, label: tierLabel(type) }))}
          {...register("profileType")}
        />
        <TextField label="Runs to (last day)" type="date" error={errors.lastViewDate?.message} hint="Empty for a free member." {...register("lastViewDate")} />
        <TextField
          label="Profiles allowed"
          required
          inputMode="numeric"
          error={errors.profilesCount?.message}
          hint="Full profiles the member has bought; staff fill this in, at least 1 for a paid tier."
          {...register("profilesCount")}
        />
        <TextField label="Profiles viewed" required inputMode="numeric" error={errors.total?.message} hint="Already used of those." {...register("total")} />
        {failure ? (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        ) : null}
        <TimedAlert message={saved.message} className="sm:col-span-2" />
        <button type="submit" className="btn-primary sm:col-span-2" disabled={update.isPending || !isDirty}>
          {update.isPending ? "Saving..." : "Save membership"}
        </button>
      </form>
    </Panel>
  );
}
