import { Link } from "react-router";
import { DEFAULT_SEARCH_STATE, searchHref, type SearchState } from "../lib/search-query.ts";

// The buttons above the list (section 2): paid, non-expired members get
// Search By ID, Viewed Profiles, the "Newly Added Profiles" / "All Profiles"
// toggle and Interested in you Profiles (and our Matching Profiles); FREE and
// expired members only Interested in you Profiles.

const buttonClass = "btn-outline w-full px-3 text-center sm:w-auto";

export function MemberButtons({ active, state }: { active: boolean; state: SearchState }) {
  const showingNew = state.view === "all" && state.order === "new";
  return (
    // Two columns on phones: five full-width rows would push the profiles below the fold.
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
      {active ? (
        <>
          <Link to="/search_id" className={buttonClass}>
            Search By ID
          </Link>
          <Link to="/viewed_profiles" className={buttonClass}>
            Viewed Profiles
          </Link>
          <Link to={showingNew ? searchHref(DEFAULT_SEARCH_STATE) : searchHref({ ...DEFAULT_SEARCH_STATE, order: "new" })} className={buttonClass}>
            {showingNew ? "All Profiles" : "Newly Added Profiles"}
          </Link>
          <Link to={searchHref({ ...DEFAULT_SEARCH_STATE, view: "matching" })} className={buttonClass} aria-current={state.view === "matching" ? "page" : undefined}>
            Matching Profiles
          </Link>
        </>
      ) : null}
      {/* Last of an odd number of buttons: the whole row on phones. */}
      <Link to="/viewed_by_profiles" className={`${buttonClass} col-span-2`}>
        Interested in you Profiles
      </Link>
    </div>
  );
}
