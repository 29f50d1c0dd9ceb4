import { Link } from "react-router";
import { VIEWED_BY_PAGE_DATA_ID } from "#shared/page-session.ts";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { useCurrentUser } from "#web/lib/auth.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { LIST_NAMES, LIST_PATHS } from "#web/lib/list-names.ts";
import { adoptMemberPageData } from "#web/lib/member-page-data.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { DecisionActions } from "../components/decision-actions.tsx";
import { InterestList } from "../components/interest-list.tsx";
import { RequestActions } from "../components/request-actions.tsx";
import { keepViewedByPage } from "../lib/viewed-by-page-data.ts";

// /viewed_by_profiles (§ "2. Screens and routes", Title: "Viewed By" / Interested in you;
// named "Requests received", ADR 0015): the members who sent me interest
// (status V), latest first, 10 a page.
// Each card leads with their request (approve / reject); my own request to
// them comes second. The interest link of the WhatsApp message opens here.
// Before the first render, which adopts the Worker's markup (ADR 0042): the
// application loads this module before it hydrates the page.
if (typeof document !== "undefined") adoptMemberPageData(VIEWED_BY_PAGE_DATA_ID, keepViewedByPage);

export function ViewedByProfilesRoute() {
  const t = useT();
  const heading = t(LIST_NAMES.received);
  usePageTitle(heading);
  // The route guard has loaded the current user before any member screen.
  const user = useCurrentUser().data;
  if (!user) return <PageLoading />;

  return (
    <InterestList
      user={user}
      status="V"
      heading={heading}
      intro={<p className="m-0 text-base text-ink-muted">{t("interests.received.intro")}</p>}
      links={
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {/* § "2. Screens and routes": Viewed Profiles is a paid, non-expired member's button. */}
          {user.membership.active ? (
            <Link to={LIST_PATHS.sent} className="btn-outline w-full px-3 text-center sm:w-auto">
              {t(LIST_NAMES.sent)}
            </Link>
          ) : null}
          <Link to={LIST_PATHS.recommended} className={`btn-outline w-full px-3 text-center sm:w-auto ${user.membership.active ? "" : "col-span-2"}`}>
            {t(LIST_NAMES.recommended)}
          </Link>
        </div>
      }
      empty={
        <Alert tone="info">
          <Message id="interests.received.empty" components={{ 0: <Link to="/search" className="font-semibold text-maroon-800 underline" /> }} />
        </Alert>
      }
      actions={(card, notify, focusAfterLeaving) => (
        <>
          <DecisionActions card={card} />
          <RequestActions card={card} user={user} page="viewedByProfiles" notify={notify} focusAfterLeaving={focusAfterLeaving} />
        </>
      )}
    />
  );
}
