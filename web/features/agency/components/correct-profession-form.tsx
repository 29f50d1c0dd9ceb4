import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import type { AdminMember } from "#shared/admin-types.ts";
import type { UserRecord } from "#shared/api-types.ts";
import { professionalDataSchema, type ProfessionalData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { WorkFields } from "#web/components/profile-fields/work-fields.tsx";
import { workVisibility, withoutHiddenWork, type WorkTexts } from "#web/lib/work-visibility.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useCorrectProfession } from "../api/correct-profession.ts";
import { nothingSaved, SEE_FIELDS, useConsoleForm } from "../lib/use-console-form.ts";
import { idOrNull, idText } from "#web/components/profile-fields/record-values.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

const NAMES: readonly (keyof WorkTexts)[] = ["professionType", "workingIn", "incomePerYear", "workingCity", "workingCountry", "abroadWorkingCity", "workVisa", "professionDetails"];

function toValues(record: UserRecord): WorkTexts {
  return {
    professionType: idText(record.professionType),
    workingIn: idText(record.workingIn),
    incomePerYear: idText(record.incomePerYear),
    workingCity: idText(record.workingCity),
    workingCountry: idText(record.workingCountry),
    abroadWorkingCity: record.abroadWorkingCity ?? "",
    workVisa: idText(record.workVisa),
    professionDetails: record.professionDetails ?? "",
  };
}

/**
 * What the schema checks: the details staff see, with the ids as numbers.
 * The screen has no field for `denomination` (as on the member's own tab),
 * so the stored value goes back unchanged.
 */
function toPayload(values: WorkTexts, denomination: string | null) {
  const shown = withoutHiddenWork(values);
  return {
    professionType: idOrNull(shown.professionType),
    workingIn: idOrNull(shown.workingIn),
    workingCity: idOrNull(shown.workingCity),
    incomePerYear: idOrNull(shown.incomePerYear),
    workingCountry: idOrNull(shown.workingCountry),
    abroadWorkingCity: shown.abroadWorkingCity,
    denomination,
    workVisa: idOrNull(shown.workVisa),
    professionDetails: shown.professionDetails,
  };
}

/** The Profession part, as the member's own tab (ADR 0022): PUT /api/admin/members/{pid}/profession. */
export function CorrectProfessionForm({ member }: { member: AdminMember }) {
  const save = useCorrectProfession(member.pid);
  const denomination = member.record.denomination;
  const resolver = useMemo(() => zodMiniResolver<WorkTexts, typeof professionalDataSchema>(professionalDataSchema, (form) => toPayload(form, denomination)), [denomination]);
  const {
    register,
    control,
    reset,
    onSubmit,
    send,
    saved,
    failure,
    formState: { errors, isDirty },
  } = useConsoleForm<WorkTexts, ProfessionalData>({ resolver, defaultValues: toValues(member.record), fields: NAMES, invalidText: SEE_FIELDS });
  const [professionType, workingIn] = useWatch({ control, name: ["professionType", "workingIn"] });

  const onValid = (body: ProfessionalData) =>
    send(save.mutate, body, {
      onSuccess: (updated) => {
        reset(toValues(updated.record));
        return `Profession saved for Profile ID ${updated.pid}.`;
      },
      failureText: nothingSaved,
    });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending} aria-label="Profession">
      <div className="form-grid">
        <WorkFields bind={fieldBinder(register, errors)} shown={workVisibility(professionType, workingIn)} />
      </div>
      <CorrectionSaveBar saving={save.isPending} saved={isDirty ? null : saved} failure={failure} label="Save profession" />
    </form>
  );
}
