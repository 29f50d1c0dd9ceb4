import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OwnRecord } from "#shared/api-types.ts";
import { translate } from "#web/lib/i18n.ts";
import type { ProfessionalData } from "#shared/schemas/profile-edit.ts";
import { useUnsavedChanges } from "#web/components/leave-guard.tsx";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { WorkFields } from "#web/components/profile-fields/work-fields.tsx";
import { useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { WORK_FIELD_NAMES, workPayload, workResolver, workValues } from "#web/components/profile-fields/work-values.ts";
import { workVisibility, type WorkTexts } from "#web/lib/work-visibility.ts";
import { useUpdateProfessionalData } from "../api/update-professional-data.ts";
import { saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { SaveBar } from "./save-bar.tsx";

/** The Profession tab: PUT /api/profile_professional_data (JSON). */
export function ProfessionForm({ user }: { user: OwnRecord }) {
  const save = useUpdateProfessionalData(user.pid);
  const alert = useTimedAlert();
  const values = useMemo(() => workValues(user), [user]);
  const resolver = useMemo(() => workResolver(user.denomination), [user.denomination]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isDirty },
  } = useForm<WorkTexts, unknown, ProfessionalData>({ resolver, values });
  // Leaving with changes not saved asks first; a saved form is clean again (its values are the saved profile's).
  useUnsavedChanges(isDirty && !save.isPending);
  const [professionType, workingIn] = useWatch({ control, name: ["professionType", "workingIn"] });
  const shown = workVisibility(professionType, workingIn);

  const onValid = () => {
    alert.clear();
    save.mutate(workPayload(getValues(), user.denomination), {
      onSuccess: () => alert.show("success", () => translate("editProfile.professionSaved")),
      onError: (error) => {
        showServerFieldErrors<WorkTexts>(error, setError, WORK_FIELD_NAMES);
        alert.show("error", saveFailedText);
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending}>
      <div className="form-grid">
        <WorkFields bind={fieldBinder(register, errors)} shown={shown} />
      </div>
      <SaveBar saving={save.isPending} message={alert.message} />
    </form>
  );
}
