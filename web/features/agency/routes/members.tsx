import { useNavigate, useSearchParams } from "react-router";
import { Alert } from "#web/components/ui/alert.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useMembers } from "../api/get-members.ts";
import { ConsolePager } from "../components/console-pager.tsx";
import { MemberSearchForm } from "../components/member-search-form.tsx";
import { MembersTable } from "../components/members-table.tsx";
import { QueryState } from "../components/query-state.tsx";
import { memberFiltersSearch, readMemberFilters } from "../lib/member-filters.ts";

// /agency/members?q=...: find a member by Profile ID, name or mobile, or list
// them by tier, membership and account state.
export function MembersRoute() {
  usePageTitle("Members | Agency console");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readMemberFilters(params);
  const members = useMembers(filters);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800">Members</h1>
      <MemberSearchForm filters={filters} onSearch={(next) => navigate(`/agency/members${memberFiltersSearch(next)}`)} />
      <QueryState query={members} label="Members">
        {(result) => (
          <section aria-label="Results" aria-busy={members.isFetching}>
            <p role="status" className="m-0 mb-2 text-base text-ink-muted">
              {result.total === 1 ? "1 member found" : `${result.total} members found`}
            </p>
            {result.items.length === 0 ? (
              <Alert tone="info">No member matches. Try a Profile ID, part of a name, or the last digits of a mobile number.</Alert>
            ) : (
              <MembersTable members={result.items} />
            )}
            <ConsolePager
              label="Member pages"
              page={result.page}
              pageSize={result.pageSize}
              total={result.total}
              hrefFor={(page) => `/agency/members${memberFiltersSearch({ ...filters, page })}`}
            />
          </section>
        )}
      </QueryState>
    </div>
  );
}
