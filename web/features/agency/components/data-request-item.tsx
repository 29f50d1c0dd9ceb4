import { useId } from "react";
import { Link } from "react-router";
import type { AdminDataRequest } from "#shared/api-types.ts";
import { closeDataRequestSchema } from "#shared/schemas/privacy.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { useCloseDataRequest } from "../api/close-data-request.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { DATA_REQUEST_KIND_LABELS, receivedDay } from "../lib/data-requests.ts";
import { formatDay, formatMoment } from "../lib/labels.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";

// One member's data request in the console (ADR 0033): what, from whom, when
// it came and when the answer is due (red once late), and, while open, a
// way to close it saying what was done.

interface CloseValues {
  outcome: string;
}

const resolver = zodMiniResolver<CloseValues, typeof closeDataRequestSchema>(closeDataRequestSchema, (values) => values);

function CloseForm({ request }: { request: AdminDataRequest }) {
  const ids = useId();
  const close = useCloseDataRequest(request.id);
  const {
    register,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<CloseValues, CloseValues>({ resolver, defaultValues: { outcome: "" }, fields: ["outcome"] });

  const submit = onSubmit(({ outcome }) => send(close.mutate, outcome));
  const problem = errors.outcome?.message;

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2" aria-busy={close.isPending}>
      <label htmlFor={`${ids}-outcome`} className="field-label">
        What was done
      </label>
      <textarea id={`${ids}-outcome`} rows={2} maxLength={2000} className="field-input resize-y" aria-invalid={problem ? true : undefined} {...register("outcome")} />
      {problem ? <p className="field-error m-0">{problem}</p> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <button type="submit" className="btn-outline self-start" disabled={close.isPending}>
        {close.isPending ? "Closing..." : "Close request"}
      </button>
    </form>
  );
}

export function DataRequestItem({ request, today }: { request: AdminDataRequest; today: string }) {
  const overdue = request.status === "open" && request.dueOn < today;
  return (
    <li className={`card px-4 py-3 ${overdue ? "border-l-4 border-l-red-700" : ""}`} data-testid="data-request">
      <p className="m-0 flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-bold">
          {DATA_REQUEST_KIND_LABELS[request.kind]} <span className="font-normal text-ink-muted">· No. {request.id}</span>
        </span>
        {request.status === "open" ? (
          <span className={`font-semibold ${overdue ? "text-red-800" : ""}`}>
            {overdue ? "Overdue: was due " : "Due "}
            {formatDay(request.dueOn)}
          </span>
        ) : (
          <span className="text-ink-muted">Closed {formatMoment(request.closedAt)}</span>
        )}
      </p>
      <p className="m-0 text-base text-ink-muted">
        {request.pid === null ? (
          "Not a member"
        ) : (
          <Link to={`/agency/members/${request.pid}`} className="font-semibold text-maroon-800 underline">
            Profile ID {request.pid}
          </Link>
        )}{" "}
        · received {receivedDay(request.receivedAt)}
      </p>
      <p className="m-0 mt-2 whitespace-pre-wrap text-base [overflow-wrap:anywhere]">{request.details}</p>
      {request.status === "closed" && request.outcome ? (
        <p className="m-0 mt-2 whitespace-pre-wrap text-base [overflow-wrap:anywhere]">
          <span className="font-semibold">Done: </span>
          {request.outcome}
        </p>
      ) : null}
      {request.status === "open" && request.kind === "erasure" && request.pid !== null ? (
        <Link to={`/agency/members/${request.pid}?delete_request=${request.id}#delete-profile`} className="btn-quiet mt-3">
          Delete this profile…
        </Link>
      ) : null}
      {request.status === "open" ? <CloseForm request={request} /> : null}
    </li>
  );
}
