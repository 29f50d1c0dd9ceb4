import { useWatch } from "react-hook-form";
import type { AdminMember } from "#shared/admin-types.ts";
import type { EducationData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { EDUCATION_FIELD_NAMES, educationResolver, educationValues, type EducationValues } from "#web/components/profile-fields/education-values.ts";
import { EducationFields } from "#web/components/profile-fields/work-fields.tsx";
import { useCorrectEducation } from "../api/correct-education.ts";
import { nothingSaved, SEE_FIELDS, useConsoleForm } from "../lib/use-console-form.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

/** The Education part, as the member's own tab (ADR 0022): PUT /api/admin/members/{pid}/education. */
export function CorrectEducationForm({ member }: { member: AdminMember }) {
  const save = useCorrectEducation(member.pid);
  const {
    register,
    control,
    setValue,
    reset,
    onSubmit,
    send,
    saved,
    failure,
    formState: { errors, isDirty },
  } = useConsoleForm<EducationValues, EducationData>({
    resolver: educationResolver,
    defaultValues: educationValues(member.record),
    fields: EDUCATION_FIELD_NAMES,
    invalidText: SEE_FIELDS,
  });
  const basicEducation = useWatch({ control, name: "basicEducation" });

  const onValid = (body: EducationData) =>
    send(save.mutate, body, {
      onSuccess: (updated) => {
        reset(educationValues(updated.record));
        return `Education saved for Profile ID ${updated.pid}.`;
      },
      failureText: nothingSaved,
    });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending} aria-label="Education">
      <div className="form-grid">
        <EducationFields bind={fieldBinder(register, errors)} level={basicEducation} onLevelChange={() => setValue("education", "")} />
      </div>
      <CorrectionSaveBar saving={save.isPending} saved={isDirty ? null : saved} failure={failure} label="Save education" />
    </form>
  );
}
