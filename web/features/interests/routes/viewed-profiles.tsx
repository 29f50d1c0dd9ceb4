import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { useCurrentUser } from "../../../lib/auth.ts";
import { LIST_NAMES, LIST_PATHS } from "../../../lib/list-names.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { DecisionActions } from "../components/decision-actions.tsx";
import { InterestList } from "../components/interest-list.tsx";
import { RequestActions } from "../components/request-actions.tsx";

// /viewed_profiles (section 2, Title: Viewed Profiles; named "Requests I
// sent", ADR 0015): the profiles I sent interest to (status F),
// latest first, 10 a page, with show-more (the card's own toggle), my
// request's state and its withdrawal ("delete request"), and approve /
// reject where that member's own request to me waits. No remove button
// here (section 4).
export function ViewedProfilesRoute() {
  usePageTitle(LIST_NAMES.sent);
  const user = useCurrentUser().data;
  if (!user) return <PageLoading />;

  return (
    <InterestList
      user={user}
      status="F"
      heading={LIST_NAMES.sent}
      intro={<p className="m-0 text-base text-ink-muted">Profiles you sent interest to, latest first.</p>}
      links={
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Link to={LIST_PATHS.received} className="btn-outline w-full px-3 text-center sm:w-auto">
            {LIST_NAMES.received}
          </Link>
          <Link to={LIST_PATHS.recommended} className="btn-outline w-full px-3 text-center sm:w-auto">
            {LIST_NAMES.recommended}
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
