import { Link } from "react-router";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { useCurrentUser } from "#web/lib/auth.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { LIST_NAMES, LIST_PATHS } from "#web/lib/list-names.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { DecisionActions } from "../components/decision-actions.tsx";
import { InterestList } from "../components/interest-list.tsx";
import { RequestActions } from "../components/request-actions.tsx";

// /viewed_profiles (§ "2. Screens and routes", Title: Viewed Profiles; named "Requests I
// sent", ADR 0015): the profiles I sent interest to (status F),
// latest first, 10 a page, with show-more (the card's own toggle), my
// request's state and its withdrawal ("delete request"), and approve /
// reject where that member's own request to me waits. No remove button
// here (§ "4. States and transitions").
export function ViewedProfilesRoute() {
  const t = useT();
  const heading = t(LIST_NAMES.sent);
  usePageTitle(heading);
  const user = useCurrentUser().data;
  if (!user) return <PageLoading />;

  return (
    <InterestList
      user={user}
      status="F"
      heading={heading}
      intro={<p className="m-0 text-base text-ink-muted">{t("interests.sent.intro")}</p>}
      links={
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Link to={LIST_PATHS.received} className="btn-outline w-full px-3 text-center sm:w-auto">
            {t(LIST_NAMES.received)}
          </Link>
          <Link to={LIST_PATHS.recommended} className="btn-outline w-full px-3 text-center sm:w-auto">
            {t(LIST_NAMES.recommended)}
          </Link>
        </div>
      }
      empty={
        <Alert tone="info">
          <Message id="interests.sent.empty" components={{ 0: <Link to="/search" className="font-semibold text-maroon-800 underline" /> }} />
        </Alert>
      }
      actions={(card, notify, focusAfterLeaving) => (
        <>
          <RequestActions card={card} user={user} page="viewedProfiles" notify={notify} focusAfterLeaving={focusAfterLeaving} />
          {card.incoming ? <DecisionActions card={card} /> : null}
        </>
      )}
    />
  );
}
