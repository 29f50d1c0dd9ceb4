import { useWatch } from "react-hook-form";
import type { AdminMember } from "#shared/admin-types.ts";
import type { UserRecord } from "#shared/api-types.ts";
import { educationDataSchema, type EducationData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { EducationDetailsField } from "#web/components/profile-fields/work-fields.tsx";
import { LookupSelect } from "#web/components/ui/lookup-select.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useCorrectEducation } from "../api/correct-education.ts";
import { nothingSaved, SEE_FIELDS, useConsoleForm } from "../lib/use-console-form.ts";
import { idText } from "#web/components/profile-fields/record-values.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

interface EducationValues {
  basicEducation: string;
  education: string;
  educationDetails: string;
}
const NAMES = ["basicEducation", "education", "educationDetails"] as const;

function toValues(record: UserRecord): EducationValues {
  return { basicEducation: idText(record.basicEducation), education: idText(record.education), educationDetails: record.educationDetails };
}

const resolver = zodMiniResolver<EducationValues, typeof educationDataSchema>(educationDataSchema, (values) => values);

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
  } = useConsoleForm<EducationValues, EducationData>({ resolver, defaultValues: toValues(member.record), fields: NAMES, invalidText: SEE_FIELDS });
  const basicEducation = useWatch({ control, name: "basicEducation" });

  const onValid = (body: EducationData) =>
    send(save.mutate, body, {
      onSuccess: (updated) => {
        reset(toValues(updated.record));
        return `Education saved for Profile ID ${updated.pid}.`;
      },
      failureText: nothingSaved,
    });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending} aria-label="Education">
      <div className="form-grid">
        <LookupSelect
          list="basic_education"
          label="Education Level"
          error={errors.basicEducation?.message}
          // A qualification belongs to one level: choosing another level starts over.
          {...register("basicEducation", { onChange: () => setValue("education", "") })}
        />
        <LookupSelect
          list="qualifications"
          label="Qualification"
          filter={basicEducation === "" ? undefined : (item) => item.basicEducationId === Number(basicEducation)}
          error={errors.education?.message}
          {...register("education")}
        />
        <EducationDetailsField bind={fieldBinder(register, errors)} />
      </div>
      <CorrectionSaveBar saving={save.isPending} saved={isDirty ? null : saved} failure={failure} label="Save education" />
    </form>
  );
}
