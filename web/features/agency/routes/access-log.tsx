import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AccessLogEntry } from "#shared/api-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useAccessLog } from "../api/get-access-log.ts";
import { QueryState } from "../components/query-state.tsx";
import { formatMoment } from "../lib/labels.ts";
import { useStoredStaff } from "../lib/staff-session.ts";

// /agency/access_log?pid=&before= (ADR 0033): who opened whose record and
// who read whose message, newest first, kept at least a year (DPDP Rules
// 2025, Rule 8(3)). Owners only, like the audit log beside it.

const ACTION_LABELS: Record<AccessLogEntry["action"], string> = {
  open_member: "Opened the member's record",
  read_message: "Read a WhatsApp message",
};

function searchOf(pid: string, before?: string): string {
  const params = new URLSearchParams();
  if (pid) params.set("pid", pid);
  if (before) params.set("before", before);
  const text = params.toString();
  return text ? `?${text}` : "";
}

function PidFilter({ pid }: { pid: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(pid);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(`/agency/access_log${searchOf(value.trim())}`);
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" role="search">
      <div>
        <label htmlFor="access-pid" className="field-label">
          Profile ID
        </label>
        <input id="access-pid" inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value.replace(/\D/g, ""))} className="field-input w-40" />
      </div>
      <button type="submit" className="btn-primary">
        Show
      </button>
      {pid ? (
        <Link to="/agency/access_log" className="btn-quiet">
          All members
        </Link>
      ) : null}
    </form>
  );
}

export function AccessLogRoute() {
  usePageTitle("Access log | Agency console");
  const owner = useStoredStaff()?.role === "owner";
  const [params] = useSearchParams();
  const pid = params.get("pid") ?? "";
  const before = params.get("before") ?? undefined;
  const log = useAccessLog({ pid: pid ? Number(pid) : undefined, before }, { enabled: owner });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="m-0 text-2xl font-bold text-maroon-800">Access log</h1>
        <Link to="/agency/audit" className="font-semibold text-maroon-800 underline">
          Audit log
        </Link>
      </div>
      {!owner ? (
        <Alert tone="info">Only the agency's owners can see the access log.</Alert>
      ) : (
        <>
          <p className="m-0 text-base text-ink-muted">Every time staff open a member's record or read a message sent to a member, newest first.</p>
          <PidFilter key={pid} pid={pid} />
          <QueryState query={log} label="The access log">
            {(page) => (
              <section aria-label="Entries" aria-busy={log.isFetching}>
                {page.entries.length === 0 ? (
                  <Alert tone="info">{pid ? `Nobody has opened the data of Profile ID ${pid}.` : "Nothing recorded yet."}</Alert>
                ) : (
                  <ul className="m-0 flex list-none flex-col gap-2 p-0">
                    {page.entries.map((entry) => (
                      <li key={entry.id} className="card px-4 py-3" data-testid="access-entry">
                        <p className="m-0 flex flex-wrap items-baseline justify-between gap-x-3">
                          <span className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</span>
                          <span className="text-sm text-ink-muted">{formatMoment(entry.at)}</span>
                        </p>
                        <p className="m-0 text-base text-ink-muted">
                          by {entry.staffName} ·{" "}
                          <Link to={`/agency/access_log${searchOf(String(entry.pid))}`} className="font-semibold text-maroon-800 underline">
                            Profile ID {entry.pid}
                          </Link>
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
                <nav aria-label="Log pages" className="mt-4 flex justify-between gap-3">
                  {before ? (
                    <Link to={`/agency/access_log${searchOf(pid)}`} className="btn-outline">
                      Newest
                    </Link>
                  ) : (
                    <span />
                  )}
                  {page.next ? (
                    <Link to={`/agency/access_log${searchOf(pid, page.next)}`} rel="next" className="btn-outline">
                      Older
                    </Link>
                  ) : null}
                </nav>
              </section>
            )}
          </QueryState>
        </>
      )}
    </div>
  );
}
