import { useLocation, useSearchParams } from "react-router";
import { PhoneNumber } from "#web/components/phone-number.tsx";
import { ProfileCard } from "#web/components/profile-card/profile-card.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { useCurrentUser } from "#web/lib/auth.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useProfilesNotSent } from "../api/get-profiles-not-sent.ts";
import { useProfilesSent } from "../api/get-profiles-sent.ts";
import { useWhatsappProfile } from "../api/get-whatsapp-profile.ts";
import { PaidServiceButton } from "../components/paid-service-button.tsx";
import { ProfileSection } from "../components/profile-section.tsx";
import { readProfileId } from "#shared/profile-id.ts";

// /whatsapp_profile?pid= (§ "2. Screens and routes"): where a WhatsApp link (the /request
// flow, an approval message) lands: the profile's photo, surname, name and,
// when the server gives it, the phone number. FREE members also get the two
// lists that show what the paid service offers.

/** What the request link's page did before it brought the member here (ADR 0015). */
const REQUEST_OUTCOMES: Partial<Record<string, MessageId>> = {
  sent: "whatsappProfile.requestSent",
  pending: "whatsappProfile.requestPending",
};

function requestOutcome(state: unknown): MessageId | undefined {
  if (typeof state !== "object" || state === null || !("requestStatus" in state)) return undefined;
  return REQUEST_OUTCOMES[String(state.requestStatus)];
}

export function WhatsappProfileRoute() {
  const t = useT();
  usePageTitle(t("whatsappProfile.title"));
  const outcome = requestOutcome(useLocation().state);
  const [params] = useSearchParams();
  const pid = readProfileId(params.get("pid")) ?? null;
  const user = useCurrentUser().data;
  const profile = useWhatsappProfile(pid);
  const free = user !== undefined && !user.membership.paid;
  const sent = useProfilesSent({ enabled: free, exclude: pid });
  const notSent = useProfilesNotSent({ enabled: free });
  if (!user) return <PageLoading />;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{t("whatsappProfile.title")}</h1>
        {outcome ? <Alert tone="success">{t(outcome)}</Alert> : null}
        {pid === null || profile.isError ? <Alert tone="error">{t("whatsappProfile.notFound")}</Alert> : null}
        {pid !== null && profile.isPending ? <PageLoading label={t("whatsappProfile.loading")} /> : null}
        {free ? (
          <Alert tone="info">
            <span className="font-semibold">{t("whatsappProfile.scrollDown")}</span>
          </Alert>
        ) : null}
        {profile.data ? (
          <ProfileCard
            card={profile.data.profile}
            viewerProfileType={user.profileLimits.profileType}
            actions={profile.data.phone ? <PhoneNumber phone={profile.data.phone} /> : <PaidServiceButton card={profile.data.profile} user={user} />}
          />
        ) : null}
      </div>

      {free ? (
        <>
          <ProfileSection
            id="whatsapp-profiles"
            title={t("whatsappProfile.sent.title")}
            intro={t("whatsappProfile.sent.intro")}
            query={sent}
            user={user}
            exclude={pid}
            empty={t("whatsappProfile.sent.empty")}
          />
          <ProfileSection
            id="premium-profiles"
            title={t("whatsappProfile.premium.title")}
            intro={t("whatsappProfile.premium.intro")}
            query={notSent}
            user={user}
            exclude={pid}
            empty={t("whatsappProfile.premium.empty")}
          />
        </>
      ) : null}
    </div>
  );
}
