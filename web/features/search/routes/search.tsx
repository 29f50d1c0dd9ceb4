import { useSuspenseQueries } from "@tanstack/react-query";
import { Suspense, useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { CurrentUser } from "../../../../shared/api-types.ts";
import { expiryDate } from "../../../components/profile-card/action-messages.ts";
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { agency } from "../../../lib/agency.ts";
import { useCurrentUser } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { referenceListQueryOptions, type ReferenceListName } from "../../../lib/reference-lists.ts";
import { useDetailedSearchProfiles } from "../api/get-detailed-search-profiles.ts";
import { useMatchingProfiles } from "../api/get-matching-profiles.ts";
import { useSimpleSearchProfiles } from "../api/get-simple-search-profiles.ts";
import { MemberButtons } from "../components/member-buttons.tsx";
import { ProfileList } from "../components/profile-list.tsx";
import { SearchFilters } from "../components/search-filters.tsx";
import { DEFAULT_SEARCH_STATE, decodeSearchState, encodeSearchState, hasFilters, searchHref, type SearchState } from "../lib/search-query.ts";

// /search (section 2): the main browse list, 10 profiles a page, with the
// detailed search and the member's matches for paid, non-expired members.

/**
 * Section 2: these load before the page renders (they name the cards'
 * values and fill the filters); stars and raasis too, for the filters.
 */
const REFERENCE_LISTS: readonly ReferenceListName[] = [
  "heights",
  "subcastes",
  "religions",
  "basic_education",
  "profession_types",
  "annual_income",
  "family_background",
  "states",
  "stars",
  "raasis",
];

export function SearchRoute() {
  usePageTitle("Search Profiles");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">Search Profiles</h1>
      <Suspense fallback={<PageLoading label="Loading profiles..." />}>
        <SearchScreen />
      </Suspense>
    </div>
  );
}

function SearchScreen() {
  useSuspenseQueries({ queries: REFERENCE_LISTS.map((name) => referenceListQueryOptions(name)) });
  // The route guard has loaded the current user before any member screen.
  const user = useCurrentUser().data;
  if (!user) return <PageLoading />;
  return <SearchContent user={user} />;
}

const LIST_TITLES = {
  all: "All profiles",
  new: "Newly added profiles",
  filter: "Filtered profiles",
  matching: "Matching profiles",
  points: "Filtered profiles, best matching points first",
} as const;

function SearchContent({ user }: { user: CurrentUser }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const active = user.membership.active;
  const q = params.get("q");
  // FREE and expired members see the first page of the simple list only (section 2).
  const state: SearchState = active ? decodeSearchState(q) : DEFAULT_SEARCH_STATE;
  const { view, page, order, filters } = state;

  const simple = useSimpleSearchProfiles(page, order, { enabled: view === "all" });
  const detailed = useDetailedSearchProfiles(page, filters, order, { enabled: view === "filter" });
  const matching = useMatchingProfiles(page, { enabled: view === "matching" });
  const query = view === "filter" ? detailed : view === "matching" ? matching : simple;

  // Section 2: the page scrolls to the top on a page change; focus follows,
  // so that the next Tab starts at the new page's first card.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listKey = encodeSearchState(state) ?? "";
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    titleRef.current?.focus({ preventScroll: true });
  }, [listKey]);

  const go = (next: SearchState) => navigate(searchHref(next));
  const { name, phone } = agency();

  return (
    <>
      {!active ? <Alert tone="info">{fillMessage(MESSAGES.upsell, { agency: name, phone })}</Alert> : null}
      {/* What the agency sold, where the member looks first: the view dialog's numbers (section 8), before asking. */}
      {active && user.profileLimits.lastViewDate ? (
        <p className="m-0 text-base text-ink-muted" data-testid="membership-summary">
          Balance profiles: <strong className="text-ink">{user.membership.balance}</strong> · Membership expires on{" "}
          <strong className="whitespace-nowrap text-ink">{expiryDate(user)}</strong>
        </p>
      ) : null}
      <MemberButtons active={active} state={state} />

      <div className={active ? "flex flex-col gap-4 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-6" : ""}>
        {active ? (
          <SearchFilters
            // A new link (back button, shared URL) starts the form afresh.
            key={view === "filter" ? listKey : "none"}
            applied={filters}
            appliedOrder={order}
            onApply={(next, nextOrder) =>
              go(hasFilters(next) || nextOrder === "points" ? { ...DEFAULT_SEARCH_STATE, view: "filter", filters: next, order: nextOrder } : DEFAULT_SEARCH_STATE)
            }
            onClear={() => go(DEFAULT_SEARCH_STATE)}
          />
        ) : null}
        <ProfileList
          // A new list starts without the previous list's "removed" note.
          key={listKey}
          query={query}
          user={user}
          page="search"
          title={view === "all" && order === "new" ? LIST_TITLES.new : view === "filter" && order === "points" ? LIST_TITLES.points : LIST_TITLES[view]}
          titleRef={titleRef}
          lastPageKnown={view === "all"}
          wide={!active}
          hrefForPage={(next) => searchHref({ ...state, page: next })}
          empty={
            <Alert tone="info">
              {view === "filter" ? "No profiles match these filters. Try fewer filters." : "No profiles to show here yet."}{" "}
              {view !== "all" ? (
                <Link to="/search" className="font-semibold text-maroon-800 underline">
                  Show all profiles
                </Link>
              ) : null}
            </Alert>
          }
        />
      </div>
    </>
  );
}
