import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { AdminMember } from "#shared/admin-types.ts";
import type { ParentsData } from "#shared/schemas/profile-edit.ts";
import { fieldBinder } from "#web/components/profile-fields/bind-field.ts";
import { ContactFields } from "#web/components/profile-fields/contact-fields.tsx";
import { FamilyFields } from "#web/components/profile-fields/family-fields.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { formatPhone } from "#shared/phone.ts";
import { useCorrectParents } from "../api/correct-parents.ts";
import { nothingSaved, SEE_FIELDS, useConsoleForm } from "../lib/use-console-form.ts";
import { PARENTS_FIELD_NAMES, parentsResolver, parentsValues, type ParentsValues } from "#web/components/profile-fields/parents-values.ts";
import { CorrectionSaveBar } from "./correction-save-bar.tsx";

/**
 * The Parent details part, as the member's own tab (ADR 0022): PUT
 * /api/admin/members/{pid}/parents. Staff set a new WhatsApp number
 * directly, with no code sent to it, so the form asks first: codes and the
 * agency's messages go to that number from then on.
 */
export function CorrectParentsForm({ member }: { member: AdminMember }) {
  const save = useCorrectParents(member.pid);
  const [newNumber, setNewNumber] = useState<ParentsData | null>(null);
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
  } = useConsoleForm<ParentsValues, ParentsData>({
    resolver: parentsResolver,
    defaultValues: parentsValues(member.record),
    fields: PARENTS_FIELD_NAMES,
    invalidText: SEE_FIELDS,
  });
  const nativeState = useWatch({ control, name: "nativeState" });
  const bind = fieldBinder(register, errors);

  const store = (body: ParentsData) =>
    send(save.mutate, body, {
      onSuccess: (updated) => {
        reset(parentsValues(updated.record));
        const number = updated.mobile !== member.mobile ? ` The WhatsApp number is now ${formatPhone(updated.mobile)}.` : "";
        return `Parent details saved for Profile ID ${updated.pid}.${number}`;
      },
      failureText: nothingSaved,
    });

  const onValid = (body: ParentsData) => {
    if (body.mobile !== member.mobile) setNewNumber(body);
    else store(body);
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(onValid)(event)} className="flex flex-col gap-5" aria-busy={save.isPending} aria-label="Parent details">
        <div className="form-grid">
          <FamilyFields bind={bind} nativeState={nativeState} clearDistrict={() => setValue("nativeDistrict", "")} />
          <ContactFields bind={bind} mobileHint="Saved at once, without a code to the new number: read it back to the family first. The change is in the audit log." />
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
          if (newNumber) store(newNumber);
          setNewNumber(null);
        }}
      >
        From <span className="whitespace-nowrap">{formatPhone(member.mobile)}</span> to{" "}
        <strong className="whitespace-nowrap">{newNumber ? formatPhone(newNumber.mobile) : ""}</strong>. Codes, links and the agency&apos;s messages for Profile ID {member.pid} go
        to the new number from now on. The member is signed out on every phone and links sent before stop working;{" "}
        {member.passwordSet
          ? "they sign in again with their password."
          : "they have no password yet, and a code sent before goes nowhere: after the change, use Reset password to send a new code to the new number."}
      </ConfirmDialog>
    </>
  );
}
