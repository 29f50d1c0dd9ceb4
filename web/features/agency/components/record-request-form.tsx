import type { DataRequestReceipt } from "#shared/api-types.ts";
import { staffDataRequestSchema } from "#shared/schemas/privacy.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useRecordDataRequest, type StaffDataRequestBody } from "../api/record-data-request.ts";
import { agencyToday } from "../lib/agency-today.ts";
import { DATA_REQUEST_KIND_LABELS } from "../lib/data-requests.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";

// Recording a request that came by phone or at the office (ADR 0033): who
// (when known), what, and the day it came in, which sets the day it is due.

interface RecordValues {
  pid: string;
  kind: string;
  details: string;
  receivedOn: string;
}

const FIELDS = ["pid", "kind", "details", "receivedOn"] as const;

const resolver = zodMiniResolver<RecordValues, typeof staffDataRequestSchema>(staffDataRequestSchema, (values) => ({
  pid: values.pid.trim() === "" ? undefined : values.pid.trim(),
  kind: values.kind,
  details: values.details,
  receivedOn: values.receivedOn || undefined,
}));

const KIND_OPTIONS = Object.entries(DATA_REQUEST_KIND_LABELS).map(([value, label]) => ({ value, label }));

export function RecordRequestForm({ onRecorded, onCancel }: { onRecorded: (receipt: DataRequestReceipt) => void; onCancel: () => void }) {
  const record = useRecordDataRequest();
  const empty: RecordValues = { pid: "", kind: "", details: "", receivedOn: agencyToday() };
  const {
    register,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<RecordValues, StaffDataRequestBody>({ resolver, defaultValues: empty, fields: FIELDS });

  const submit = onSubmit((body) => send(record.mutate, body, { onSuccess: onRecorded }));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={record.isPending}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Profile ID" inputMode="numeric" hint="Leave empty if the caller is not a member." error={errors.pid?.message} {...register("pid")} />
        <SelectField label="Request" required options={KIND_OPTIONS} error={errors.kind?.message} {...register("kind")} />
        <TextField label="Received on" type="date" max={agencyToday()} error={errors.receivedOn?.message} {...register("receivedOn")} />
      </div>
      <TextAreaField label="What the member asked" required rows={3} error={errors.details?.message} {...register("details")} />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className="btn-primary sm:min-w-48" disabled={record.isPending}>
          {record.isPending ? "Saving..." : "Record request"}
        </button>
        <button type="button" className="btn-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
