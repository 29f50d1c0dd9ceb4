import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OwnRecord } from "#shared/api-types.ts";
import { translate } from "#web/lib/i18n.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import type { ParentsData } from "#shared/schemas/profile-edit.ts";
import { useUnsavedChanges } from "#web/components/leave-guard.tsx";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { ContactFields } from "#web/components/profile-fields/contact-fields.tsx";
import { FamilyFields } from "#web/components/profile-fields/family-fields.tsx";
import { useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { formatPhone } from "#shared/phone.ts";
import { useUpdateParentsData } from "../api/update-parents-data.ts";
import { PARENTS_FIELD_NAMES, parentsPayload, parentsResolver, parentsValues, type ParentsValues } from "#web/components/profile-fields/parents-values.ts";
import { saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { MobileConfirmation } from "./mobile-confirmation.tsx";
import { SaveBar } from "./save-bar.tsx";

/** The member's values; a number waiting for its code shows as typed, and the note below explains. */
function toValues(user: OwnRecord): ParentsValues {
  return parentsValues(user, user.pendingMobile?.mobile ?? user.mobileNo);
}

/** The Parent details tab: PUT /api/profile_parents_data (JSON). */
export function ParentsForm({ user }: { user: OwnRecord }) {
  const t = useT();
  const save = useUpdateParentsData(user.pid);
  const alert = useTimedAlert();
  const values = useMemo(() => toValues(user), [user]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<ParentsValues, unknown, ParentsData>({ resolver: parentsResolver, values });
  // Leaving with changes not saved asks first; a saved form is clean again (its values are the saved profile's).
  useUnsavedChanges(isDirty && !save.isPending);
  const nativeState = useWatch({ control, name: "nativeState" });
  const bind = fieldBinder(register, errors);

  const onValid = () => {
    alert.clear();
    save.mutate(parentsPayload(getValues()), {
      onSuccess: ({ pendingMobile }) =>
        alert.show(
          "success",
          pendingMobile ? () => translate("editProfile.parentsSavedConfirmMobile", { mobile: formatPhone(pendingMobile.mobile) }) : () => translate("editProfile.parentsSaved"),
        ),
      onError: (error) => {
        showServerFieldErrors<ParentsValues>(error, setError, PARENTS_FIELD_NAMES);
        alert.show("error", saveFailedText);
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending}>
      <div className="form-grid">
        <FamilyFields bind={bind} nativeState={nativeState} clearDistrict={() => setValue("nativeDistrict", "")} />
        <ContactFields bind={bind} mobileHint={t("editProfile.mobileHint")} />
      </div>
      {user.pendingMobile ? (
        <MobileConfirmation
          pid={user.pid}
          current={user.mobileNo}
          pending={user.pendingMobile}
          onConfirmed={(mobile) => alert.show("success", () => translate("editProfile.mobileConfirmed", { mobile: formatPhone(mobile) }))}
        />
      ) : null}
      <SaveBar saving={save.isPending} message={alert.message} />
    </form>
  );
}
