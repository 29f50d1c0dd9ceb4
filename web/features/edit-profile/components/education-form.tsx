import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OwnRecord } from "#shared/api-types.ts";
import { translate } from "#web/lib/i18n.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { educationDataSchema, type EducationData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { EducationDetailsField } from "#web/components/profile-fields/work-fields.tsx";
import { LookupSelect } from "#web/components/ui/lookup-select.tsx";
import { useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useUpdateEducationData } from "../api/update-education-data.ts";
import { idOrNull, idText } from "#web/components/profile-fields/record-values.ts";
import { saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { SaveBar } from "./save-bar.tsx";

interface EducationFormValues {
  basicEducation: string;
  education: string;
  educationDetails: string;
}

const resolver = zodMiniResolver<EducationFormValues, typeof educationDataSchema>(educationDataSchema, (values) => values);

/** The Education tab: PUT /api/profile_education_data (JSON). */
export function EducationForm({ user }: { user: OwnRecord }) {
  const t = useT();
  const save = useUpdateEducationData(user.pid);
  const alert = useTimedAlert();
  const values = useMemo<EducationFormValues>(
    () => ({ basicEducation: idText(user.basicEducation), education: idText(user.education), educationDetails: user.educationDetails }),
    [user],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<EducationFormValues, unknown, EducationData>({ resolver, values });
  const basicEducation = useWatch({ control, name: "basicEducation" });

  const onValid = () => {
    alert.clear();
    const form = getValues();
    save.mutate(
      { basicEducation: idOrNull(form.basicEducation), education: idOrNull(form.education), educationDetails: form.educationDetails },
      {
        onSuccess: () => alert.show("success", translate("editProfile.educationSaved")),
        onError: (error) => {
          showServerFieldErrors<EducationFormValues>(error, setError, ["basicEducation", "education", "educationDetails"]);
          alert.show("error", saveFailedText());
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending}>
      <div className="form-grid">
        <LookupSelect
          list="basic_education"
          label={t("editProfile.educationLevel")}
          error={errors.basicEducation?.message}
          // A qualification belongs to one level: choosing another level starts over.
          {...register("basicEducation", { onChange: () => setValue("education", "") })}
        />
        <LookupSelect
          list="qualifications"
          label={t("fullProfile.qualification")}
          filter={basicEducation === "" ? undefined : (item) => item.basicEducationId === Number(basicEducation)}
          error={errors.education?.message}
          {...register("education")}
        />
        <EducationDetailsField bind={fieldBinder(register, errors)} />
      </div>
      <SaveBar saving={save.isPending} message={alert.message} />
    </form>
  );
}
