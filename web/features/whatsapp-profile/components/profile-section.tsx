import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { CurrentUser, ProfileCard as CardData } from "#shared/api-types.ts";
import { ProfileCard } from "#web/components/profile-card/profile-card.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { queryFailureText } from "#web/lib/failure-reason.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { PaidServiceButton } from "./paid-service-button.tsx";

// A titled list of profile cards under the requested profile, for FREE
// members (§ "2. Screens and routes"): each card's button explains the paid service.

interface ProfileSectionProps {
  id: string;
  title: string;
  intro: ReactNode;
  query: UseQueryResult<CardData[]>;
  user: CurrentUser;
  /** The profile shown at the top of the page, not repeated below (the server leaves it out of the asked list already). */
  exclude: number | null;
  empty: string;
}

export function ProfileSection({ id, title, intro, query, user, exclude, empty }: ProfileSectionProps) {
  const t = useT();
  const cards = query.data?.filter((card) => card.pid !== exclude);
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="m-0 border-b-2 border-saffron-300 pb-1 text-xl font-bold text-maroon-800 sm:text-2xl">
        {title}
      </h2>
      <p className="m-0 text-base text-ink-muted">{intro}</p>
      {query.isPending ? <PageLoading label={t("whatsappProfile.loadingProfiles")} /> : null}
      {query.isError ? <Alert tone="error">{queryFailureText(query.error)}</Alert> : null}
      {cards ? (
        cards.length === 0 ? (
          <Alert tone="info">{empty}</Alert>
        ) : (
          <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 md:grid-cols-2">
            {cards.map((card) => (
              <li key={card.pid} className="flex min-w-0">
                <ProfileCard card={card} viewerProfileType={user.profileLimits.profileType} headingLevel={3} actions={<PaidServiceButton card={card} user={user} />} />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
