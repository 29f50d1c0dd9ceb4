import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { UserRecord } from "../../../../shared/api-types.ts";
import { DEFAULT_NATIVE_COUNTRY } from "../../../../shared/constants.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { parentsDataSchema, type ParentsData } from "../../../../shared/schemas/profile-edit.ts";
import { TextAreaField, TextField } from "../../../components/ui/form-field.tsx";
import { LookupSelect } from "../../../components/ui/lookup-select.tsx";
import { useTimedAlert } from "../../../components/ui/timed-alert.tsx";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useUpdateParentsData, type ParentsDataBody } from "../api/update-parents-data.ts";
import { idOrNull, idText, saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { SaveBar } from "./save-bar.tsx";

interface ParentsFormValues {
  fatherName: string;
  fatherJob: string;
  motherName: string;
  motherJob: string;
  nativeCountry: string;
  nativeState: string;
  nativeDistrict: string;
  residingCity: string;
  mobile: string;
  alternateMobile: string;
  email: string;
  address: string;
}
const NAMES = [
  "fatherName",
  "fatherJob",
  "motherName",
  "motherJob",
  "nativeCountry",
  "nativeState",
  "nativeDistrict",
  "residingCity",
  "mobile",
  "alternateMobile",
  "email",
  "address",
] as const satisfies readonly (keyof ParentsFormValues)[];

function toValues(user: UserRecord): ParentsFormValues {
  return {
    fatherName: user.fatherName,
    fatherJob: user.fatherProfession,
    motherName: user.motherName,
    motherJob: user.motherProfession,
    nativeCountry: idText(user.nativeCountry ?? DEFAULT_NATIVE_COUNTRY),
    nativeState: idText(user.nativeState),
    nativeDistrict: idText(user.nativeDistrict),
    residingCity: user.residingCity ?? "",
    mobile: user.mobileNo,
    alternateMobile: user.alternateMobileNo ?? "",
    email: user.email ?? "",
    address: user.presentAddress,
  };
}

function toBody(values: ParentsFormValues): ParentsDataBody {
  return {
    ...values,
    nativeCountry: idOrNull(values.nativeCountry),
    nativeState: idOrNull(values.nativeState),
    nativeDistrict: idOrNull(values.nativeDistrict),
  };
}

const resolver = zodMiniResolver<ParentsFormValues, typeof parentsDataSchema>(parentsDataSchema, toBody);

/** The Parent details tab: PUT /api/profile_parents_data (JSON). */
export function ParentsForm({ user }: { user: UserRecord }) {
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
    formState: { errors },
  } = useForm<ParentsFormValues, unknown, ParentsData>({ resolver, values });
  const nativeState = useWatch({ control, name: "nativeState" });

  const onValid = () => {
    alert.clear();
    save.mutate(toBody(getValues()), {
      onSuccess: () => alert.show("success", MESSAGES.parentsSaved),
      onError: (error) => {
        showServerFieldErrors<ParentsFormValues>(error, setError, NAMES);
        alert.show("error", saveFailedText());
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending}>
      <div className="form-grid">
        <TextField label="Father Name" required autoCapitalize="words" error={errors.fatherName?.message} {...register("fatherName")} />
        <TextField label="Father Profession" required error={errors.fatherJob?.message} {...register("fatherJob")} />
        <TextField label="Mother Name" required autoCapitalize="words" error={errors.motherName?.message} {...register("motherName")} />
        <TextField label="Mother Profession" required error={errors.motherJob?.message} {...register("motherJob")} />
        <LookupSelect list="countries" label="Native Country" required error={errors.nativeCountry?.message} {...register("nativeCountry")} />
        <LookupSelect
          list="states"
          label="Native State"
          error={errors.nativeState?.message}
          // The districts belong to the chosen state (section 3).
          {...register("nativeState", { onChange: () => setValue("nativeDistrict", "") })}
        />
        <LookupSelect
          list="districts"
          stateId={nativeState === "" ? undefined : Number(nativeState)}
          label="Native District"
          placeholder={nativeState === "" ? "Choose the state first" : "Select"}
          disabled={nativeState === ""}
          error={errors.nativeDistrict?.message}
          {...register("nativeDistrict")}
        />
        <TextField label="Residing City / Place" error={errors.residingCity?.message} {...register("residingCity")} />
        <TextField
          label="WhatsApp Number"
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="Messages from the agency and from interested families come to this WhatsApp number."
          error={errors.mobile?.message}
          {...register("mobile")}
        />
        <TextField label="Alternate Phone Number" type="tel" inputMode="tel" error={errors.alternateMobile?.message} {...register("alternateMobile")} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" autoCapitalize="off" error={errors.email?.message} {...register("email")} />
        <TextAreaField label="Address" required className="md:col-span-2" autoComplete="street-address" error={errors.address?.message} {...register("address")} />
      </div>
      <SaveBar saving={save.isPending} message={alert.message} />
    </form>
  );
}
