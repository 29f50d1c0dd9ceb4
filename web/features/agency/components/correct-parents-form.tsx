import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { AdminMember } from "../../../../shared/admin-types.ts";
import type { UserRecord } from "../../../../shared/api-types.ts";
import { DEFAULT_NATIVE_COUNTRY } from "../../../../shared/constants.ts";
import { parentsDataSchema, type ParentsData } from "../../../../shared/schemas/profile-edit.ts";
import { fieldBinder } from "../../../components/profile-fields/bind-field.ts";
import { ContactFields } from "../../../components/profile-fields/contact-fields.tsx";
import { FamilyFields } from "../../../components/profile-fields/family-fields.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { formatPhone } from "../../../lib/phone.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useCorrectParents } from "../api/correct-parents.ts";
import { errorText, showFieldErrors } from "../lib/error-text.ts";
import { idOrNull, idText } from "../lib/record-values.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

interface ParentsValues {
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
] as const satisfies readonly (keyof ParentsValues)[];

function toValues(record: UserRecord): ParentsValues {
  return {
    fatherName: record.fatherName,
    fatherJob: record.fatherProfession,
    motherName: record.motherName,
    motherJob: record.motherProfession,
    nativeCountry: idText(record.nativeCountry ?? DEFAULT_NATIVE_COUNTRY),
    nativeState: idText(record.nativeState),
    nativeDistrict: idText(record.nativeDistrict),
    residingCity: record.residingCity ?? "",
    mobile: record.mobileNo,
    alternateMobile: record.alternateMobileNo ?? "",
    email: record.email ?? "",
    address: record.presentAddress,
  };
}

const resolver = zodMiniResolver<ParentsValues, typeof parentsDataSchema>(parentsDataSchema, (values) => ({
  ...values,
  nativeCountry: idOrNull(values.nativeCountry),
  nativeState: idOrNull(values.nativeState),
  nativeDistrict: idOrNull(values.nativeDistrict),
}));

/**
 * The Parent details part, as the member's own tab (ADR 0022): PUT
 * /api/admin/members/{pid}/parents. Staff set a new WhatsApp number
 * directly, with no code sent to it, so the form asks first: codes and the
 * agency's messages go to that number from then on.
 */
export function CorrectParentsForm({ member }: { member: AdminMember }) {
  const save = useCorrectParents(member.pid);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [newNumber, setNewNumber] = useState<ParentsData | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ParentsValues, unknown, ParentsData>({ resolver, defaultValues: toValues(member.record) });
  const nativeState = useWatch({ control, name: "nativeState" });
  const bind = fieldBinder(register, errors);

  const send = (body: ParentsData) => {
    setSaved(null);
    setFailure(null);
    save.mutate(body, {
      onSuccess: (updated) => {
        reset(toValues(updated.record));
        const number = updated.mobile !== member.mobile ? ` The WhatsApp number is now ${formatPhone(updated.mobile)}.` : "";
        setSaved(`Parent details saved for Profile ID ${updated.pid}.${number}`);
      },
      onError: (error) => {
        showFieldErrors<ParentsValues>(error, setError, NAMES);
        setFailure(`${errorText(error)} Nothing was saved.`);
      },
    });
  };

  const onValid = (body: ParentsData) => {
    if (body.mobile !== member.mobile) setNewNumber(body);
    else send(body);
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, () => setFailure("Some details need correcting: see the message under each field."))(event)}
        className="flex flex-col gap-5"
        aria-busy={save.isPending}
        aria-label="Parent details"
      >
        <div className="form-grid">
          <FamilyFields bind={bind} nativeState={nativeState} clearDistrict={() => setValue("nativeDistrict", "")} />
          <ContactFields
            bind={bind}
            mobileHint="Saved at once, without a code to the new number: read it back to the family first. The change is in the audit log."
          />
        </div>
        <CorrectionSaveBar saving={save.isPending} saved={isDirty ? null : saved} failure={failure} label="Save parent details" />
      </form>
      <ConfirmDialog
        open={newNumber !== null}
        title="Change the WhatsApp number?"
        noLabel="Cancel"
        yesLabel="Change number"
        onNo={() => setNewNumber(null)}
        onYes={() => {
          if (newNumber) send(newNumber);
          setNewNumber(null);
        }}
      >
        From <span className="whitespace-nowrap">{formatPhone(member.mobile)}</span> to{" "}
        <strong className="whitespace-nowrap">{newNumber ? formatPhone(newNumber.mobile) : ""}</strong>. Codes, links and the agency&apos;s messages for
        Profile ID {member.pid} go to the new number from now on.
      </ConfirmDialog>
    </>
  );
}
