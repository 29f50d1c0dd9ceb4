import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { useCurrentUser } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { DecisionActions } from "../components/decision-actions.tsx";
import { InterestList } from "../components/interest-list.tsx";
import { RequestActions } from "../components/request-actions.tsx";

// /viewed_profiles (section 2): the profiles I sent interest to (status F),
// latest first, 10 a page, with show-more (the card's own toggle), my
// request's state and its withdrawal ("delete request"), and approve /
// reject where that member's own request to me waits. No remove button
// here (section 4).
export function ViewedProfilesRoute() {
  usePageTitle("Viewed Profiles");
  const user = useCurrentUser().data;
  if (!user) return <PageLoading />;

  return (
    <InterestList
      user={user}
      status="F"
      heading="Viewed Profiles"
      intro={<p className="m-0 text-base text-ink-muted">Profiles you sent interest to, latest first.</p>}
      links={
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Link to="/viewed_by_profiles" className="btn-outline w-full px-3 text-center sm:w-auto">
            Interested in you Profiles
          </Link>
          <Link to="/recommended_profiles" className="btn-outline w-full px-3 text-center sm:w-auto">
            Recommended Profiles
          </Link>
        </div>
      }
      empty={
        <Alert tone="info">
          You have not sent interest to any profile yet.{" "}
          <Link to="/search" className="font-semibold text-maroon-800 underline">
            Search Profiles
          </Link>
        </Alert>
      }
      actions={(card, onWithdrawn) => (
        <>
          <RequestActions card={card} user={user} page="viewedProfiles" onWithdrawn={onWithdrawn} />
          {card.incoming ? <DecisionActions card={card} /> : null}
        </>
      )}
    />
  );
}
