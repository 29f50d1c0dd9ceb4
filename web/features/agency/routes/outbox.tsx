import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { OutboxStatus, OutboxSummary } from "#shared/admin-types.ts";
import { OUTBOX_STATUSES, outboxQuery } from "#shared/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { SelectField, TextField } from "#web/components/ui/form-field.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useInbound } from "../api/get-inbound.ts";
import { useOutbox, type OutboxFilters } from "../api/get-outbox.ts";
import { useOutboxSummary } from "../api/get-outbox-summary.ts";
import { ConsolePager } from "../components/console-pager.tsx";
import { InboundList } from "../components/inbound-list.tsx";
import { OutboxList, STATUS_LABELS } from "../components/outbox-list.tsx";
import { QueryState } from "../components/query-state.tsx";
import { formatMoment } from "../lib/labels.ts";

interface FilterValues {
  status: string;
  pid: string;
}

const resolver = zodMiniResolver<FilterValues, typeof outboxQuery>(outboxQuery, (values) => ({
  status: values.status === "" ? undefined : values.status,
  pid: values.pid.trim() === "" ? undefined : Number(values.pid.trim()),
}));

function readFilters(params: URLSearchParams): OutboxFilters {
  const status = OUTBOX_STATUSES.find((value) => value === params.get("status"));
  const pid = Number(params.get("pid"));
  const page = Number(params.get("page"));
  return {
    status,
    pid: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

function hrefOf(filters: Partial<OutboxFilters>): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.pid) params.set("pid", String(filters.pid));
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return `/agency/outbox${search ? `?${search}` : ""}`;
}

/** Templates WhatsApp refused today, and whether staff are the delivery: said before the list. */
function OutboxAlerts({ summary }: { summary: OutboxSummary }) {
  return (
    <>
      {!summary.cloudApi ? (
        <Alert tone="info">WhatsApp's Cloud API is not connected: the agency sends every message itself. Open each waiting message in WhatsApp, send it, then Mark as sent.</Alert>
      ) : null}
      {summary.templateProblems.map((problem) => (
        <Alert key={problem.errorCode} tone="error">
          <p className="m-0 font-semibold">
            {problem.count === 1 ? "1 message" : `${problem.count} messages`} failed today because of a template (error {problem.errorCode}, last {formatMoment(problem.lastAt)}).
          </p>
          <p className="m-0 mt-1">{problem.problem.reason}</p>
          <p className="m-0 mt-1">What to do: {problem.problem.action}</p>
        </Alert>
      ))}
    </>
  );
}

/** What members wrote to the agency's number, page by page. */
function InboundSection({ page }: { page: number }) {
  const inbound = useInbound(page);
  return (
    <QueryState query={inbound} label="Messages from members">
      {(result) => (
        <section aria-label="Messages from members" aria-busy={inbound.isFetching}>
          {result.items.length === 0 ? <Alert tone="info">No member has written to the agency's WhatsApp number yet.</Alert> : <InboundList messages={result.items} />}
          <ConsolePager
            label="Pages of messages from members"
            page={result.page}
            pageSize={result.pageSize}
            total={result.total}
            hrefFor={(next) => `/agency/outbox?view=inbound&page=${next}`}
          />
        </section>
      )}
    </QueryState>
  );
}

const viewLinkClass =
  "flex min-h-11 items-center rounded-lg border-2 border-maroon-700 px-3 font-semibold no-underline aria-[current=page]:bg-maroon-700 aria-[current=page]:text-white text-maroon-800";

// /agency/outbox: every WhatsApp message with its delivery as WhatsApp users
// know it (ADR 0009, ADR 0020), and what members wrote to the agency's
// number. Without the Cloud API this is the delivery: Open in WhatsApp, send,
// Mark as sent.
export function OutboxRoute() {
  usePageTitle("Outbox | Agency console");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const inboundView = params.get("view") === "inbound";
  const summary = useOutboxSummary();
  const outbox = useOutbox(filters, { enabled: !inboundView });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FilterValues, unknown, { status?: OutboxStatus | undefined; pid?: number | undefined }>({
    resolver,
    values: { status: filters.status ?? "", pid: filters.pid ? String(filters.pid) : "" },
  });

  const onSubmit = handleSubmit((values) => navigate(hrefOf({ status: values.status, pid: values.pid })));

  const replies = summary.data?.repliesToday ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800">Outbox</h1>
      {summary.data ? <OutboxAlerts summary={summary.data} /> : null}
      <nav aria-label="Outbox views" className="flex flex-wrap gap-2">
        <Link to="/agency/outbox" aria-current={inboundView ? undefined : "page"} className={viewLinkClass}>
          Sent by the agency
        </Link>
        <Link to="/agency/outbox?view=inbound" aria-current={inboundView ? "page" : undefined} className={viewLinkClass}>
          From members{replies > 0 ? ` (${replies} today)` : ""}
        </Link>
      </nav>
      {inboundView ? <InboundSection page={filters.page} /> : null}
      {inboundView ? null : (
        <>
          <form noValidate onSubmit={onSubmit} aria-label="Filter messages" className="card grid grid-cols-1 gap-4 px-4 py-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <SelectField
              label="Status"
              placeholder="Any status"
              error={errors.status?.message}
              options={OUTBOX_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
              {...register("status")}
            />
            <TextField label="Profile ID" inputMode="numeric" error={errors.pid?.message} {...register("pid")} />
            <button type="submit" className="btn-primary sm:mt-8">
              Filter
            </button>
          </form>
          <QueryState query={outbox} label="Messages">
            {(result) => (
              <section aria-label="Results" aria-busy={outbox.isFetching}>
                <p role="status" className="m-0 mb-2 text-base text-ink-muted">
                  {result.total === 1 ? "1 message" : `${result.total} messages`}
                </p>
                {result.items.length === 0 ? (
                  <Alert tone="info">{result.total === 0 && !filters.status && !filters.pid ? "No messages yet." : "No messages match."}</Alert>
                ) : (
                  <OutboxList messages={result.items} />
                )}
                <ConsolePager label="Message pages" page={result.page} pageSize={result.pageSize} total={result.total} hrefFor={(page) => hrefOf({ ...filters, page })} />
              </section>
            )}
          </QueryState>
        </>
      )}
    </div>
  );
}
