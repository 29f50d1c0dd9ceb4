import { Link, useNavigate, useSearchParams } from "react-router";
import { useT } from "#web/lib/i18n-react.tsx";
import { ProfileTypeChip } from "#web/components/profile-card/profile-values.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { failureReason } from "#web/lib/failure-reason.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { useFullProfile } from "../api/get-full-profile.ts";
import { MatchingPointsDetails } from "../components/matching-points.tsx";
import { AstroDetails, EducationDetails, ParentDetails, PersonalDetails, ProfessionalDetails, SiblingDetails, WhatsappLink } from "../components/profile-sections.tsx";
import { dialable, formatPhone } from "#shared/phone.ts";
import { readProfileId } from "#shared/profile-id.ts";

// /full_profile?pid= (§ "2. Screens and routes"): the full details and phone number of a
// profile the member confirmed on its card (or their own). Reading it never
// charges: the charge happened when the view was confirmed.

/** React Router numbers its history entries; 0 means this screen was opened directly. */
function hasHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "idx" in state && typeof state.idx === "number" && state.idx > 0;
}

export function FullProfileRoute() {
  const [params] = useSearchParams();
  const pid = readProfileId(params.get("pid")) ?? null;
  const t = useT();
  const title = pid ? t("fullProfile.titlePid", { pid }) : t("fullProfile.title");
  usePageTitle(title);
  const navigate = useNavigate();
  const profile = useFullProfile(pid);

  const back = (
    <button type="button" className="btn-outline w-full sm:w-auto" onClick={() => (hasHistory() ? navigate(-1) : navigate("/search"))}>
      {t("fullProfile.back")}
    </button>
  );

  // A profile already shown stays shown when reading it again fails: the view
  // confirmation's answer (the profile paid for) may have to outlive a
  // membership that ended a moment later (ADR 0012).
  if (pid === null || (profile.isError && !profile.data)) {
    const error = profile.error;
    // The server's own words (e.g. "confirm on the profile card first"); a
    // transport failure gets the client's text, which says what to do.
    const text = pid === null ? t("fullProfile.notFound") : isApiError(error) ? failureReason(error) : t("fullProfile.loadFailed");
    const confirmFirst = isApiError(error) && (error.code === "VIEW_NOT_CONFIRMED" || error.code === "NOT_APPROVED");
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{title}</h1>
        <Alert tone="error">{text}</Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          {back}
          {pid !== null && confirmFirst ? (
            <Link to={`/search_id?pid=${pid}`} className="btn-primary">
              {t("fullProfile.openPid", { pid })}
            </Link>
          ) : (
            <Link to="/search" className="btn-primary">
              {t("fullProfile.goToSearch")}
            </Link>
          )}
        </div>
      </div>
    );
  }

  if (!profile.data) return <PageLoading label={t("fullProfile.loading")} />;
  const data = profile.data;
  const fullName = `${data.surName} ${data.name}`.trim();

  return (
    <div className="flex flex-col gap-4">
      <header className="card flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-start sm:px-5">
        {data.photoUrl ? (
          <img
            src={data.photoUrl}
            alt={t("fullProfile.photoAlt", { name: fullName })}
            // The alt text holds the member's name as they wrote it.
            translate="no"
            className="mx-auto block aspect-[4/5] w-full max-w-72 rounded-lg border border-line object-cover sm:mx-0 sm:w-56 sm:shrink-0"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="m-0 text-2xl font-bold text-maroon-800 sm:text-3xl">{title}</h1>
            <ProfileTypeChip profileType={data.profileType} />
          </div>
          <p className="m-0 break-words text-xl font-bold text-ink" translate="no">
            {fullName}
          </p>
          {/* What the member paid for, first and in reach of a thumb: call or WhatsApp. */}
          {data.mobileNo ? (
            <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <a href={`tel:${dialable(data.mobileNo)}`} className="btn-primary">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                  <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
                </svg>
                {t("fullProfile.call", { phone: formatPhone(data.mobileNo) })}
              </a>
              <WhatsappLink phone={data.mobileNo} />
            </div>
          ) : null}
          <div className="mt-1">{back}</div>
        </div>
      </header>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <PersonalDetails profile={data} />
        <AstroDetails profile={data} />
        {data.astroMatch ? <MatchingPointsDetails match={data.astroMatch} /> : null}
        <EducationDetails profile={data} />
        <ProfessionalDetails profile={data} />
        <ParentDetails profile={data} />
        <SiblingDetails profile={data} />
      </div>
    </div>
  );
}
