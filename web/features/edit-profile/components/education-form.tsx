import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OwnRecord } from "#shared/api-types.ts";
import type { EducationData } from "#shared/schemas/profile-edit.ts";
import { useUnsavedChanges } from "#web/components/leave-guard.tsx";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { EDUCATION_FIELD_NAMES, educationPayload, educationResolver, educationValues, type EducationValues } from "#web/components/profile-fields/education-values.ts";
import { EducationFields } from "#web/components/profile-fields/work-fields.tsx";
import { useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { translate } from "#web/lib/i18n.ts";
import { useUpdateEducationData } from "../api/update-education-data.ts";
import { saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { SaveBar } from "./save-bar.tsx";

/** The Education tab: PUT /api/profile_education_data (JSON). */
export function EducationForm({ user }: { user: OwnRecord }) {
  const save = useUpdateEducationData(user.pid);
  const alert = useTimedAlert();
  const values = useMemo(() => educationValues(user), [user]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<EducationValues, unknown, EducationData>({ resolver: educationResolver, values });
  // Leaving with changes not saved asks first; a saved form is clean again (its values are the saved profile's).
  useUnsavedChanges(isDirty && !save.isPending);
  const basicEducation = useWatch({ control, name: "basicEducation" });

  const onValid = () => {
    alert.clear();
    save.mutate(educationPayload(getValues()), {
      onSuccess: () => alert.show("success", () => translate("editProfile.educationSaved")),
      onError: (error) => {
        showServerFieldErrors<EducationValues>(error, setError, EDUCATION_FIELD_NAMES);
        alert.show("error", saveFailedText);
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending}>
      <div className="form-grid">
        <EducationFields bind={fieldBinder(register, errors)} level={basicEducation} onLevelChange={() => setValue("education", "")} />
      </div>
      <SaveBar saving={save.isPending} message={alert.message} />
    </form>
  );
}
