import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { CurrentUser } from "#shared/api-types.ts";
import { SEARCH_PAGE_DATA_ID } from "#shared/search-lists.ts";
import { isPaid, membershipEndedText } from "#shared/membership.ts";
import { AgencyContactButtons } from "#web/components/agency-contact-buttons.tsx";
import { expiryDate } from "#web/components/profile-card/action-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { agency } from "#web/lib/agency.ts";
import { useCurrentUser } from "#web/lib/auth.ts";
import { Message, useLanguage, useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { LIST_NAMES } from "#web/lib/list-names.ts";
import { adoptMemberPageData } from "#web/lib/member-page-data.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useDetailedSearchProfiles } from "../api/get-detailed-search-profiles.ts";
import { useMatchingProfiles } from "../api/get-matching-profiles.ts";
import { simpleSearchProfilesQueryOptions, useSimpleSearchProfiles } from "../api/get-simple-search-profiles.ts";
import { MemberButtons } from "../components/member-buttons.tsx";
import { ProfileList } from "../components/profile-list.tsx";
import { SearchFilters, type SearchFiltersHandle } from "../components/search-filters.tsx";
import { resultsLocationState, useResultsFocus, type ResultsMove } from "../lib/results-focus.ts";
import { keepSearchPage } from "../lib/search-page-data.ts";
import { useSearchLists } from "../lib/search-lists.ts";
import { DEFAULT_SEARCH_STATE, decodeSearchState, encodeSearchState, filteredSearchState, hasFilters, searchHref, type SearchState } from "../lib/search-query.ts";

// /search (§ "2. Screens and routes"): the main browse list, 10 profiles a page, with the
// detailed search and the member's matches for paid, non-expired members.

/**
 * The detailed search's chips, out of the screen's first load (ADR 0031):
 * the list most members open first does without them. They are fetched once
 * the screen shows a member who can filter; a link opened with filters keeps
 * its loading state until they arrive, and a search keeps the list it showed.
 */
const loadActiveFilters = () => import("../components/active-filters.tsx");
const ActiveFilters = lazy(async () => ({ default: (await loadActiveFilters()).ActiveFilters }));

// Before the first render, which adopts the Worker's markup (ADR 0041): the
// application loads this module before it hydrates the page.
if (typeof document !== "undefined") adoptMemberPageData(SEARCH_PAGE_DATA_ID, keepSearchPage);

export function SearchRoute() {
  const t = useT();
  usePageTitle(t(LIST_NAMES.search));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{t(LIST_NAMES.search)}</h1>
      <Suspense fallback={<PageLoading label={t("common.loadingProfiles")} />}>
        <SearchScreen />
      </Suspense>
    </div>
  );
}

function SearchScreen() {
  // The route guard has loaded the current user before any member screen.
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  const client = useQueryClient();
  // The list's page is asked for before the reference lists are waited for
  // (when the page did not bring them): on a slow phone each wait is a round
  // trip (ADR 0031). As usePrefetchQuery does, once: the list's own query
  // takes it from there. A page the Worker rendered brought it (ADR 0041).
  const state = user ? searchStateFor(user, params) : undefined;
  if (state?.view === "all") {
    const first = simpleSearchProfilesQueryOptions(state.page, state.order);
    if (!client.getQueryState(first.queryKey)) void client.prefetchQuery(first);
  }
  // § "2. Screens and routes": the reference lists load before the page renders; the
  // pages that open /search bring them (lib/search-lists.ts).
  useSearchLists();
  if (!user) return <PageLoading />;
  return <SearchContent user={user} />;
}

/**
 * A paid member whose membership ended is not a free member: they are told
 * on which day it ended, what waits for a renewal and how to renew, with the
 * agency one tap away (ADR 0015).
 */
function MembershipEnded({ user }: { user: CurrentUser }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section
      aria-labelledby="membership-ended"
      className="flex flex-col gap-3 rounded-lg border-l-4 border-saffron-500 bg-saffron-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="membership-ended" className="m-0 text-lg font-bold text-ink">
          {t("search.membershipEnded")}
        </h2>
        <p className="m-0 mt-1 text-base text-ink">{membershipEndedText(user.profileLimits, agency(), t, language)}</p>
      </div>
      <div className="shrink-0 sm:w-64">
        <AgencyContactButtons text={t("search.renewWhatsapp", { pid: user.pid })} />
      </div>
    </section>
  );
}

const LIST_TITLES = {
  all: "search.listAll",
  new: "search.listNew",
  filter: "search.listFilter",
  matching: "search.listMatching",
  points: "search.listPoints",
} as const satisfies Record<string, MessageId>;

/** The search the address asks for, as far as the member may search. */
function searchStateFor(user: CurrentUser, params: URLSearchParams): SearchState {
  // FREE and expired members see the first page of the simple list only (§ "2. Screens and routes").
  return user.membership.active ? decodeSearchState(params.get("q")) : DEFAULT_SEARCH_STATE;
}

function SearchContent({ user }: { user: CurrentUser }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useT();
  const language = useLanguage();
  const active = user.membership.active;
  useEffect(() => {
    if (active) void loadActiveFilters();
  }, [active]);
  const state = searchStateFor(user, params);
  const { view, page, order, filters } = state;

  const simple = useSimpleSearchProfiles(page, order, { enabled: view === "all" });
  const detailed = useDetailedSearchProfiles(page, filters, order, { enabled: view === "filter" });
  const matching = useMatchingProfiles(page, { enabled: view === "matching" });
  const query = view === "filter" ? detailed : view === "matching" ? matching : simple;

  // Scrolling and focus after the list changes: lib/results-focus.ts.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const foundRef = useRef<HTMLParagraphElement>(null);
  const listKey = encodeSearchState(state) ?? "";
  useResultsFocus({ titleRef, summaryRef: foundRef, ready: (query.data !== undefined && !query.isPlaceholderData) || query.isError });
  // The filter panel is open on phones only on the address first opened with
  // filters (a shared link, a reload); after Search the results take its place.
  const location = useLocation();
  const [openedAt] = useState(location.key);
  const filtersRef = useRef<SearchFiltersHandle>(null);

  const go = (next: SearchState, move?: ResultsMove) => navigate(searchHref(next), move ? { state: resultsLocationState(move) } : undefined);
  const { name, phone } = agency();

  return (
    <>
      {!active && isPaid(user.profileLimits) ? <MembershipEnded user={user} /> : null}
      {!active && !isPaid(user.profileLimits) ? (
        <Alert tone="info">
          <Message id="common.upsell" values={{ agency: name, phone }} components={{ 0: <span translate="no" /> }} />
        </Alert>
      ) : null}
      {/* What the agency sold, where the member looks first: the view dialog's numbers (§ "8. Error catalogue"), before asking. */}
      {active && user.profileLimits.lastViewDate ? (
        <p className="m-0 text-base text-ink-muted" data-testid="membership-summary">
          <Message
            id="search.balance"
            values={{ balance: user.membership.balance, date: expiryDate(user, language) }}
            components={{ 0: <strong className="text-ink" />, 1: <strong className="whitespace-nowrap text-ink" /> }}
          />
        </p>
      ) : null}
      <MemberButtons active={active} state={state} />

      <div className={active ? "flex flex-col gap-4 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-6" : ""}>
        {active ? (
          <SearchFilters
            // A new link (back button, shared URL) starts the form afresh.
            key={view === "filter" ? listKey : "none"}
            ref={filtersRef}
            applied={filters}
            appliedOrder={order}
            startOpen={location.key === openedAt && (hasFilters(filters) || order === "points")}
            onApply={(next, nextOrder) => go(filteredSearchState(next, nextOrder), "show")}
            onClear={() => go(DEFAULT_SEARCH_STATE, "show")}
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-4">
          {view === "filter" ? <ActiveFilters state={state} query={query} foundRef={foundRef} onChangeFilters={() => filtersRef.current?.reveal()} /> : null}
          <ProfileList
            // A new list starts without the previous list's "removed" note.
            key={listKey}
            query={query}
            user={user}
            page="search"
            title={t(view === "all" && order === "new" ? LIST_TITLES.new : view === "filter" && order === "points" ? LIST_TITLES.points : LIST_TITLES[view])}
            titleRef={titleRef}
            lastPageKnown={view === "all"}
            wide={!active}
            hrefForPage={(next) => searchHref({ ...state, page: next })}
            empty={
              <Alert tone="info">
                {view === "filter" ? t("search.noMatches") : t("search.noneYet")}{" "}
                {view !== "all" ? (
                  <Link to="/search" className="font-semibold text-maroon-800 underline">
                    {t("search.showAll")}
                  </Link>
                ) : null}
              </Alert>
            }
          />
        </div>
      </div>
    </>
  );
}
