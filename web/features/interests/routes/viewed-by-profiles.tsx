import { Link } from "react-router";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { useCurrentUser } from "../../../lib/auth.ts";
import { LIST_NAMES, LIST_PATHS } from "../../../lib/list-names.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { DecisionActions } from "../components/decision-actions.tsx";
import { InterestList } from "../components/interest-list.tsx";
import { RequestActions } from "../components/request-actions.tsx";

// /viewed_by_profiles (section 2, Title: "Viewed By" / Interested in you;
// named "Requests received", ADR 0015): the members who sent me interest
// (status V), latest first, 10 a page.
// Each card leads with their request (approve / reject); my own request to
// them comes second. The interest link of the WhatsApp message opens here.
export function ViewedByProfilesRoute() {
  usePageTitle(LIST_NAMES.received);
  // The route guard has loaded the current user before any member screen.
  const user = useCurrentUser().data;
  if (!user) return <PageLoading />;

  return (
    <InterestList
      user={user}
      status="V"
      heading={LIST_NAMES.received}
      intro={<p className="m-0 text-base text-ink-muted">Members interested in you, latest first. Approve to share your phone number with them.</p>}
      links={
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {/* Section 2: Viewed Profiles is a paid, non-expired member's button. */}
          {user.membership.active ? (
            <Link to={LIST_PATHS.sent} className="btn-outline w-full px-3 text-center sm:w-auto">
              {LIST_NAMES.sent}
            </Link>
          ) : null}
          <Link to={LIST_PATHS.recommended} className={`btn-outline w-full px-3 text-center sm:w-auto ${user.membership.active ? "" : "col-span-2"}`}>
            {LIST_NAMES.recommended}
          </Link>
        </div>
      }
      empty={
        <Alert tone="info">
          No one has sent you interest yet.{" "}
          <Link to="/search" className="font-semibold text-maroon-800 underline">
            Search Profiles
          </Link>
        </Alert>
      }
      actions={(card) => (
        <>
          <DecisionActions card={card} />
          <RequestActions card={card} user={user} page="viewedByProfiles" />
        </>
      )}
    />
  );
}
