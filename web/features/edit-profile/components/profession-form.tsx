import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OwnRecord } from "#shared/api-types.ts";
import { translate } from "#web/lib/i18n.ts";
import { professionalDataSchema, type ProfessionalData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { WorkFields } from "#web/components/profile-fields/work-fields.tsx";
import { useTimedAlert } from "#web/components/ui/timed-alert.tsx";
import { workVisibility, withoutHiddenWork, type WorkTexts } from "#web/lib/work-visibility.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useUpdateProfessionalData, type ProfessionalDataBody } from "../api/update-professional-data.ts";
import { idOrNull, idText } from "#web/components/profile-fields/record-values.ts";
import { saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { SaveBar } from "./save-bar.tsx";

type ProfessionFormValues = WorkTexts;
const NAMES: readonly (keyof ProfessionFormValues)[] = [
  "professionType",
  "workingIn",
  "incomePerYear",
  "workingCity",
  "workingCountry",
  "abroadWorkingCity",
  "workVisa",
  "professionDetails",
];

function toValues(user: OwnRecord): ProfessionFormValues {
  return {
    professionType: idText(user.professionType),
    workingIn: idText(user.workingIn),
    incomePerYear: idText(user.incomePerYear),
    workingCity: idText(user.workingCity),
    workingCountry: idText(user.workingCountry),
    abroadWorkingCity: user.abroadWorkingCity ?? "",
    workVisa: idText(user.workVisa),
    professionDetails: user.professionDetails ?? "",
  };
}

/**
 * The body: what the member sees, as typed, with the ids as numbers. The
 * screen has no field for `denomination` (the specification names it only
 * in the payload), so the stored value goes back unchanged.
 */
function toBody(values: ProfessionFormValues, denomination: string | null): ProfessionalDataBody {
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

/** The Profession tab: PUT /api/profile_professional_data (JSON). */
export function ProfessionForm({ user }: { user: OwnRecord }) {
  const save = useUpdateProfessionalData(user.pid);
  const alert = useTimedAlert();
  const values = useMemo(() => toValues(user), [user]);
  const resolver = useMemo(
    () => zodMiniResolver<ProfessionFormValues, typeof professionalDataSchema>(professionalDataSchema, (form) => toBody(form, user.denomination)),
    [user.denomination],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<ProfessionFormValues, unknown, ProfessionalData>({ resolver, values });
  const [professionType, workingIn] = useWatch({ control, name: ["professionType", "workingIn"] });
  const shown = workVisibility(professionType, workingIn);

  const onValid = () => {
    alert.clear();
    save.mutate(toBody(getValues(), user.denomination), {
      onSuccess: () => alert.show("success", translate("editProfile.professionSaved")),
      onError: (error) => {
        showServerFieldErrors<ProfessionFormValues>(error, setError, NAMES);
        alert.show("error", saveFailedText());
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
