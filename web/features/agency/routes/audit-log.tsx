import { Link, useSearchParams } from "react-router";
import type { AuditEntry } from "#shared/admin-types.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useAuditLog } from "../api/get-audit-log.ts";
import { ConsolePager } from "../components/console-pager.tsx";
import { QueryState } from "../components/query-state.tsx";
import { auditActionLabel, formatMoment } from "../lib/labels.ts";
import { useStoredStaff } from "../lib/staff-session.ts";

/**
 * Before and after as JSON: the log records whatever each action changed. In
 * the page's own font and wrapped at spaces where it can: a monospace box with
 * break-all cut Telugu names and message texts mid-syllable.
 */
function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0">
      <p className="m-0 text-sm font-semibold text-ink-muted">{label}</p>
      <pre className="m-0 max-h-48 overflow-auto whitespace-pre-wrap rounded-lg bg-[#faf6f2] px-3 py-2 font-sans text-sm [overflow-wrap:anywhere]">
        {JSON.stringify(value, null, 1)}
      </pre>
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="card px-4 py-3">
      <p className="m-0 flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">
          {auditActionLabel(entry.action)}
          {/* A target such as "10304->10306" or "day 2026-11-22" moves to the next line whole rather than breaking at its hyphen. */}
          {entry.target ? (
            <span className="font-normal">
              {" · "}
              <span className="inline-block max-w-full [overflow-wrap:anywhere]">{entry.target}</span>
            </span>
          ) : null}
          <span className="ml-2 font-mono text-xs font-normal text-ink-muted">{entry.action}</span>
        </span>
        <span className="text-sm text-ink-muted">{formatMoment(entry.at)}</span>
      </p>
      <p className="m-0 text-base text-ink-muted">
        by {entry.staff.name} ({entry.staff.username})
      </p>
      {entry.before !== null || entry.after !== null ? (
        <div className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
          <Change label="Before" value={entry.before} />
          <Change label="After" value={entry.after} />
        </div>
      ) : null}
    </li>
  );
}

// /agency/audit: what staff did, newest first (owners only: the server refuses
// staff, and the link is shown to owners only).
export function AuditLogRoute() {
  usePageTitle("Audit log | Agency console");
  const staff = useStoredStaff();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const owner = staff?.role === "owner";
  const log = useAuditLog(page, { enabled: owner });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="m-0 text-2xl font-bold text-maroon-800">Audit log</h1>
        {/* Staff reading members' data is logged apart (ADR 0033). */}
        <Link to="/agency/access_log" className="font-semibold text-maroon-800 underline">
          Access log
        </Link>
      </div>
      {!owner ? (
        <Alert tone="info">Only the agency's owners can see the audit log.</Alert>
      ) : (
        <QueryState query={log} label="The audit log">
          {(result) => (
            <section aria-label="Entries" aria-busy={log.isFetching}>
              {result.items.length === 0 ? (
                <Alert tone="info">Nothing recorded yet.</Alert>
              ) : (
                <ul className="m-0 flex list-none flex-col gap-3 p-0">
                  {result.items.map((entry) => (
                    <Entry key={entry.id} entry={entry} />
                  ))}
                </ul>
              )}
              <ConsolePager label="Log pages" page={result.page} pageSize={result.pageSize} total={result.total} hrefFor={(next) => `/agency/audit?page=${next}`} />
            </section>
          )}
        </QueryState>
      )}
    </div>
  );
}
