import { useLocation, useSearchParams } from "react-router";
import { FREE_WHATSAPP_LIST_LIMIT } from "../../../../shared/constants.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { PhoneNumber } from "../../../components/phone-number.tsx";
import { ProfileCard } from "../../../components/profile-card/profile-card.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { useCurrentUser } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useProfilesNotSent } from "../api/get-profiles-not-sent.ts";
import { useProfilesSent } from "../api/get-profiles-sent.ts";
import { useWhatsappProfile } from "../api/get-whatsapp-profile.ts";
import { PaidServiceButton } from "../components/paid-service-button.tsx";
import { ProfileSection } from "../components/profile-section.tsx";

// /whatsapp_profile?pid= (section 2): where a WhatsApp link (the /request
// flow, an approval message) lands: the profile's photo, surname, name and,
// when the server gives it, the phone number. FREE members also get the two
// lists that show what the paid service offers.

function parsePid(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const pid = Number(value);
  return pid > 0 && pid <= 2_147_483_647 ? pid : null;
}

/** What the request link's page did before it brought the member here (ADR 0015). */
const REQUEST_OUTCOMES: Partial<Record<string, string>> = {
  sent: "Request sent: you will get a WhatsApp message when they approve.",
  pending: "You asked for this profile before: you will get a WhatsApp message when they approve.",
};

function requestOutcome(state: unknown): string | undefined {
  if (typeof state !== "object" || state === null || !("requestStatus" in state)) return undefined;
  return REQUEST_OUTCOMES[String(state.requestStatus)];
}

export function WhatsappProfileRoute() {
  usePageTitle("WhatsApp Profile");
  const outcome = requestOutcome(useLocation().state);
  const [params] = useSearchParams();
  const pid = parsePid(params.get("pid"));
  const user = useCurrentUser().data;
  const profile = useWhatsappProfile(pid);
  const free = user !== undefined && !user.membership.paid;
  const sent = useProfilesSent({ enabled: free });
  const notSent = useProfilesNotSent({ enabled: free });
  if (!user) return <PageLoading />;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
        <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">WhatsApp Profile</h1>
        {outcome ? <Alert tone="success">{outcome}</Alert> : null}
        {pid === null || profile.isError ? <Alert tone="error">{MESSAGES.profileNotFound}</Alert> : null}
        {pid !== null && profile.isPending ? <PageLoading label="Loading profile..." /> : null}
        {free ? (
          <Alert tone="info">
            <span className="font-semibold">Scroll down to see more free and paid profiles</span>
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
            title="WhatsApp Profiles"
            intro="Profiles you asked about on WhatsApp."
            query={sent}
            user={user}
            exclude={pid}
            limit={FREE_WHATSAPP_LIST_LIMIT}
            empty="You have not asked about any profile yet."
          />
          <ProfileSection
            id="premium-profiles"
            title="Premium Profiles (Paid Service)"
            intro="More profiles for you. Their photos and phone numbers are for paid members."
            query={notSent}
            user={user}
            exclude={pid}
            empty="No more profiles to show right now."
          />
        </>
      ) : null}
    </div>
  );
}
