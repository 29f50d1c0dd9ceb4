import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { OwnRecord } from "../../../../shared/api-types.ts";
import { DEFAULT_NATIVE_COUNTRY } from "../../../../shared/constants.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { parentsDataSchema, type ParentsData } from "../../../../shared/schemas/profile-edit.ts";
import { fieldBinder } from "../../../components/profile-fields/bind-field.ts";
import { ContactFields } from "../../../components/profile-fields/contact-fields.tsx";
import { FamilyFields } from "../../../components/profile-fields/family-fields.tsx";
import { useTimedAlert } from "../../../components/ui/timed-alert.tsx";
import { formatPhone } from "../../../lib/phone.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useUpdateParentsData, type ParentsDataBody } from "../api/update-parents-data.ts";
import { idOrNull, idText, saveFailedText, showServerFieldErrors } from "../lib/form-values.ts";
import { MobileConfirmation } from "./mobile-confirmation.tsx";
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

function toValues(user: OwnRecord): ParentsFormValues {
  return {
    fatherName: user.fatherName,
    fatherJob: user.fatherProfession,
    motherName: user.motherName,
    motherJob: user.motherProfession,
    nativeCountry: idText(user.nativeCountry ?? DEFAULT_NATIVE_COUNTRY),
    nativeState: idText(user.nativeState),
    nativeDistrict: idText(user.nativeDistrict),
    residingCity: user.residingCity ?? "",
    // A number waiting for its code shows as typed; the note below explains.
    mobile: user.pendingMobile?.mobile ?? user.mobileNo,
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
export function ParentsForm({ user }: { user: OwnRecord }) {
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
  const bind = fieldBinder(register, errors);

  const onValid = () => {
    alert.clear();
    save.mutate(toBody(getValues()), {
      onSuccess: (saved) =>
        alert.show(
          "success",
          saved.pendingMobile ? `${MESSAGES.parentsSaved} Enter the code sent to ${formatPhone(saved.pendingMobile.mobile)} to change your WhatsApp number.` : MESSAGES.parentsSaved,
        ),
      onError: (error) => {
        showServerFieldErrors<ParentsFormValues>(error, setError, NAMES);
        alert.show("error", saveFailedText());
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending}>
      <div className="form-grid">
        <FamilyFields bind={bind} nativeState={nativeState} clearDistrict={() => setValue("nativeDistrict", "")} />
        <ContactFields
          bind={bind}
          mobileHint="Messages from the agency and from interested families come to this WhatsApp number. A new number is confirmed with a code sent to it."
        />
      </div>
      {user.pendingMobile ? (
        <MobileConfirmation
          pid={user.pid}
          current={user.mobileNo}
          pending={user.pendingMobile}
          onConfirmed={(mobile) => alert.show("success", `Your WhatsApp number is now ${formatPhone(mobile)}.`)}
        />
      ) : null}
      <SaveBar saving={save.isPending} message={alert.message} />
    </form>
  );
}
