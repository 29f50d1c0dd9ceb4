import { useForm } from "react-hook-form";
import type { Sibling } from "../../../../shared/api-types.ts";
import { MARITAL_STATUSES, SIBLING_TYPES, WORKING, siblingSchema, type SiblingBody } from "../../../../shared/schemas/sibling.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field.tsx";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import type { SiblingFormBody } from "../api/create-sibling.ts";

const resolver = zodMiniResolver<SiblingFormBody, typeof siblingSchema>(siblingSchema, (values) => values);

const toOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const TYPE_OPTIONS = toOptions(SIBLING_TYPES);
const MARITAL_OPTIONS = toOptions(MARITAL_STATUSES);
const WORKING_OPTIONS = toOptions(WORKING);

export function siblingFormValues(sibling: Sibling | null): SiblingFormBody {
  return sibling
    ? { siblingType: sibling.type, name: sibling.name, maritalStatus: sibling.married, working: sibling.working, details: sibling.workDetails }
    : { siblingType: "", name: "", maritalStatus: "", working: "", details: "" };
}

/**
 * The sibling form (section 5, "Sibling form"), shown in a dialog. It sends
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
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SiblingFormBody, unknown, SiblingBody>({ resolver, defaultValues: siblingFormValues(sibling) });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(() => onSave(getValues()))(event)} className="flex flex-col gap-4" aria-busy={saving}>
      <SelectField label="Relation" required options={TYPE_OPTIONS} error={errors.siblingType?.message} {...register("siblingType")} />
      <TextField label="Name" required autoCapitalize="words" error={errors.name?.message} {...register("name")} />
      <SelectField label="Marital Status" required options={MARITAL_OPTIONS} error={errors.maritalStatus?.message} {...register("maritalStatus")} />
      <SelectField label="Doing Job" required options={WORKING_OPTIONS} error={errors.working?.message} {...register("working")} />
      <TextAreaField
        label="Other Details"
        required
        hint="Job or studies, e.g. Teacher in Guntur, or studying B.Tech"
        error={errors.details?.message}
        {...register("details")}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary sm:min-w-32" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
