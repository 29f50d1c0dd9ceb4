import { Link } from "react-router";
import { useT } from "#web/lib/i18n-react.tsx";
import { LIST_NAMES, LIST_PATHS } from "#web/lib/list-names.ts";
import { DEFAULT_SEARCH_STATE, searchHref, type SearchState } from "../lib/search-query.ts";

// The buttons above the list (§ "2. Screens and routes"): paid, non-expired members get
// Search By ID, Viewed Profiles (named "Requests I sent", ADR 0015), the
// "Newly Added Profiles" / "All Profiles" toggle and Interested in you
// Profiles ("Requests received") (and our Matching Profiles); FREE and
// expired members only the requests received.

const buttonClass = "btn-outline w-full px-3 text-center sm:w-auto";

export function MemberButtons({ active, state }: { active: boolean; state: SearchState }) {
  const t = useT();
  const showingNew = state.view === "all" && state.order === "new";
  return (
    // Two columns on phones: five full-width rows would push the profiles below the fold.
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
      {active ? (
        <>
          <Link to="/search_id" className={buttonClass}>
            {t("search.byId")}
          </Link>
          <Link to={LIST_PATHS.sent} className={buttonClass}>
            {t(LIST_NAMES.sent)}
          </Link>
          <Link to={showingNew ? searchHref(DEFAULT_SEARCH_STATE) : searchHref({ ...DEFAULT_SEARCH_STATE, order: "new" })} className={buttonClass}>
            {showingNew ? t("search.allProfiles") : t("search.newProfiles")}
          </Link>
          <Link to={searchHref({ ...DEFAULT_SEARCH_STATE, view: "matching" })} className={buttonClass} aria-current={state.view === "matching" ? "page" : undefined}>
            {t("search.matchingProfiles")}
          </Link>
        </>
      ) : null}
      {/* Last of an odd number of buttons: the whole row on phones. */}
      <Link to={LIST_PATHS.received} className={`${buttonClass} col-span-2`}>
        {t(LIST_NAMES.received)}
      </Link>
    </div>
  );
}
