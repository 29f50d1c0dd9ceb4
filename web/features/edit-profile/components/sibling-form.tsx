import { useForm } from "react-hook-form";
import type { Sibling } from "#shared/api-types.ts";
import { siblingSchema, type SiblingBody } from "#shared/schemas/sibling.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field.tsx";
import { useT } from "#web/lib/i18n-react.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import type { MessageId } from "#web/lib/i18n.ts";
import type { SiblingFormBody } from "../api/create-sibling.ts";
import { MARITAL_STATUS_LABELS, SIBLING_TYPE_LABELS, WORKING_LABELS } from "#web/components/profile-fields/sibling-labels.ts";

const resolver = zodMiniResolver<SiblingFormBody, typeof siblingSchema>(siblingSchema, (values) => values);

const toOptions = (labels: Record<string, MessageId>, t: (id: MessageId) => string) => Object.entries(labels).map(([value, id]) => ({ value, label: t(id) }));

export function siblingFormValues(sibling: Sibling | null): SiblingFormBody {
  return sibling
    ? { siblingType: sibling.type, name: sibling.name, maritalStatus: sibling.married, working: sibling.working, details: sibling.workDetails }
    : { siblingType: "", name: "", maritalStatus: "", working: "", details: "" };
}

/**
 * The sibling form (§ "Sibling form"), shown in a dialog. It sends
 * the values as chosen and typed; the server checks them with the same schema.
 */
export function SiblingForm({
  sibling,
  saving,
  failure,
  onSave,
  onCancel,
}: {
  sibling: Sibling | null;
  saving: boolean;
  /** Why the last save failed; the form stays open with what was typed. */
  failure: string | null;
  onSave: (body: SiblingFormBody) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SiblingFormBody, unknown, SiblingBody>({ resolver, defaultValues: siblingFormValues(sibling) });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(() => onSave(getValues()))(event)} className="flex flex-col gap-4" aria-busy={saving}>
      <SelectField
        label={t("fullProfile.sibling.relation")}
        required
        options={toOptions(SIBLING_TYPE_LABELS, t)}
        error={errors.siblingType?.message}
        {...register("siblingType")}
      />
      <TextField label={t("fullProfile.sibling.name")} required autoCapitalize="words" error={errors.name?.message} {...register("name")} />
      <SelectField
        label={t("fullProfile.sibling.maritalStatus")}
        required
        options={toOptions(MARITAL_STATUS_LABELS, t)}
        error={errors.maritalStatus?.message}
        {...register("maritalStatus")}
      />
      <SelectField label={t("fullProfile.sibling.doingJob")} required options={toOptions(WORKING_LABELS, t)} error={errors.working?.message} {...register("working")} />
      <TextAreaField
        label={t("editProfile.siblings.otherDetails")}
        required
        hint={t("editProfile.siblings.otherDetailsHint")}
        error={errors.details?.message}
        {...register("details")}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-outline" onClick={onCancel}>
          {t("editProfile.cancel")}
        </button>
        <button type="submit" className="btn-primary sm:min-w-32" disabled={saving}>
          {saving ? t("editProfile.saving") : t("editProfile.save")}
        </button>
      </div>
    </form>
  );
}
