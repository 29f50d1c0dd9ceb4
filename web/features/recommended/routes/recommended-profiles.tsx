import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { RECOMMENDED_LIMIT } from "#shared/constants.ts";
import { ProfileCard } from "#web/components/profile-card/profile-card.tsx";
import { RemovedProfileCard, isRemovedProfile } from "#web/components/profile-card/removed-profile-card.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { ListLoadState, ListNotice } from "#web/components/ui/list-states.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { useCurrentUser } from "#web/lib/auth.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { LIST_NAMES, LIST_PATHS } from "#web/lib/list-names.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useRecommendedProfiles } from "../api/get-recommended-profiles.ts";
import { RemoveRecommendation, RecommendationActions } from "../components/recommendation-actions.tsx";

// /recommended_profiles (§ "2. Screens and routes"): the member's own recommendations, at most
// 30, each card with its photo, the additional details (the card shows them
// to paid viewers) and "Not interested". Back and Viewed Profiles are paid,
// non-expired members' buttons.

/** React Router numbers its history entries; 0 means this screen was opened directly (a WhatsApp link). */
function hasHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "idx" in state && typeof state.idx === "number" && state.idx > 0;
}

export function RecommendedProfilesRoute() {
  const t = useT();
  usePageTitle(t(LIST_NAMES.recommended));
  const user = useCurrentUser().data;
  const query = useRecommendedProfiles();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<number | null>(null);
  // A dismissed card takes its button's focus with it: the heading has it next.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterDismissal = () => headingRef.current;
  if (!user) return <PageLoading />;

  // The server caps the list; the slice keeps the promise if an agency backend does not.
  const profiles = query.data?.slice(0, RECOMMENDED_LIMIT);

  return (
    <section aria-labelledby="recommended-heading" aria-busy={query.isFetching} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 id="recommended-heading" ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold text-maroon-800 outline-none sm:text-3xl">
          {t(LIST_NAMES.recommended)}
        </h1>
        <p className="m-0 text-base text-ink-muted">{profiles && profiles.length > 0 ? t("recommended.introCount", { count: profiles.length }) : t("recommended.intro")}</p>
      </div>

      {user.membership.active ? (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <button type="button" className="btn-outline w-full px-3 sm:w-auto" onClick={() => (hasHistory() ? navigate(-1) : navigate("/search"))}>
            {t("common.back")}
          </button>
          <Link to={LIST_PATHS.sent} className="btn-outline w-full px-3 text-center sm:w-auto">
            {t(LIST_NAMES.sent)}
          </Link>
        </div>
      ) : null}

      <ListNotice>{dismissed !== null ? t("recommended.dismissed", { pid: dismissed }) : null}</ListNotice>

      <ListLoadState query={query} />

      {profiles ? (
        profiles.length === 0 ? (
          <Alert tone="info">
            {t("recommended.empty")}{" "}
            <Link to="/search" className="font-semibold text-maroon-800 underline">
              {t(LIST_NAMES.search)}
            </Link>
          </Alert>
        ) : (
          <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 md:grid-cols-2">
            {profiles.map((card) => (
              <li key={card.pid} className="flex min-w-0">
                {isRemovedProfile(card) ? (
                  <RemovedProfileCard pid={card.pid} actions={<RemoveRecommendation pid={card.pid} onDismissed={setDismissed} focusAfterDismissal={focusAfterDismissal} />} />
                ) : (
                  <ProfileCard
                    card={card}
                    viewerProfileType={user.profileLimits.profileType}
                    actions={<RecommendationActions card={card} user={user} onDismissed={setDismissed} focusAfterDismissal={focusAfterDismissal} />}
                  />
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
