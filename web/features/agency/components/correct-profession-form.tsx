import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import type { AdminMember } from "#shared/admin-types.ts";
import type { ProfessionalData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { WorkFields } from "#web/components/profile-fields/work-fields.tsx";
import { WORK_FIELD_NAMES, workResolver, workValues } from "#web/components/profile-fields/work-values.ts";
import { workVisibility, type WorkTexts } from "#web/lib/work-visibility.ts";
import { useCorrectProfession } from "../api/correct-profession.ts";
import { nothingSaved, SEE_FIELDS, useConsoleForm } from "../lib/use-console-form.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

/** The Profession part, as the member's own tab (ADR 0022): PUT /api/admin/members/{pid}/profession. */
export function CorrectProfessionForm({ member }: { member: AdminMember }) {
  const save = useCorrectProfession(member.pid);
  const denomination = member.record.denomination;
  const resolver = useMemo(() => workResolver(denomination), [denomination]);
  const {
    register,
    control,
    reset,
    onSubmit,
    send,
    saved,
    failure,
    formState: { errors, isDirty },
  } = useConsoleForm<WorkTexts, ProfessionalData>({ resolver, defaultValues: workValues(member.record), fields: WORK_FIELD_NAMES, invalidText: SEE_FIELDS });
  const [professionType, workingIn] = useWatch({ control, name: ["professionType", "workingIn"] });

  const onValid = (body: ProfessionalData) =>
    send(save.mutate, body, {
      onSuccess: (updated) => {
        reset(workValues(updated.record));
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
