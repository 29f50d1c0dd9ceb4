import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { DataRequestReceipt } from "#shared/api-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useDataRequests, type DataRequestStatus } from "../api/get-data-requests.ts";
import { DataRequestItem } from "../components/data-request-item.tsx";
import { Panel } from "../components/panel.tsx";
import { QueryState } from "../components/query-state.tsx";
import { RecordRequestForm } from "../components/record-request-form.tsx";
import { agencyToday } from "../lib/agency-today.ts";
import { byDueDate } from "../lib/data-requests.ts";
import { formatDay } from "../lib/labels.ts";

// /agency/data_requests (ADR 0033): members' requests about their data,
// open ones first by the day their answer is due, late ones in red; one
// that came by phone is recorded here, and each is closed with what was done.

const STATUSES: { status: DataRequestStatus; label: string }[] = [
  { status: "open", label: "Open" },
  { status: "closed", label: "Closed" },
];

export function DataRequestsRoute() {
  usePageTitle("Data requests | Agency console");
  const [params] = useSearchParams();
  const status: DataRequestStatus = params.get("status") === "closed" ? "closed" : "open";
  const requests = useDataRequests(status);
  const [recording, setRecording] = useState(false);
  const [recorded, setRecorded] = useState<DataRequestReceipt | null>(null);
  const today = agencyToday();

  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800">Data requests</h1>
      <p className="m-0 text-base text-ink-muted">
        Members' requests to correct or erase their data, and their complaints. Answer each by its due date; the law sets the date for complaints.
      </p>

      <Panel title="Record a request from a call">
        {recording ? (
          <RecordRequestForm
            onRecorded={(receipt) => {
              setRecorded(receipt);
              setRecording(false);
            }}
            onCancel={() => setRecording(false)}
          />
        ) : (
          <div className="flex flex-col gap-2">
            <div aria-live="polite">
              {recorded ? (
                <Alert tone="success" live={false}>
                  Request No. {recorded.id} recorded; its answer is due {formatDay(recorded.dueOn)}.
                </Alert>
              ) : null}
            </div>
            <button
              type="button"
              className="btn-outline self-start"
              onClick={() => {
                setRecorded(null);
                setRecording(true);
              }}
            >
              Record a request
            </button>
          </div>
        )}
      </Panel>

      <nav aria-label="Requests shown" className="flex gap-2">
        {STATUSES.map((choice) => (
          <Link
            key={choice.status}
            to={choice.status === "open" ? "/agency/data_requests" : "/agency/data_requests?status=closed"}
            aria-current={status === choice.status ? "page" : undefined}
            className={`tab no-underline ${status === choice.status ? "tab-active" : ""}`}
          >
            {choice.label}
          </Link>
        ))}
      </nav>

      <QueryState query={requests} label="The data requests">
        {({ requests: list }) =>
          list.length === 0 ? (
            <Alert tone="info">{status === "open" ? "No open requests." : "No closed requests yet."}</Alert>
          ) : (
            <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-busy={requests.isFetching}>
              {byDueDate(list).map((request) => (
                <DataRequestItem key={request.id} request={request} today={today} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
