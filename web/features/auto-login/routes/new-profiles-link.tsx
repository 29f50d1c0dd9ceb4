import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { DELAYS } from "#shared/constants.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { LinkCard, LinkProgress } from "../components/link-card.tsx";

// /new_profiles_link (§ "2. Screens and routes"): the agency's "new profiles" WhatsApp link.
// A brief page, then /profile_link with the query string exactly as it came,
// which signs the member in. This page itself signs nobody in and calls
// no API, so its link reaches /profile_link untouched.
// The build renders it into its page, which runs no application: the first
// script alone opens /profile_link (lib/early-sign-in.ts, ADR 0045). The
// timer below serves where pages are not built (Vite's dev server).

export function NewProfilesLinkRoute() {
  const t = useT();
  usePageTitle(t("title.newProfilesLink"));
  const { search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    // § "9. Business constants and limits": after 1 s. Replace, so that Back does not land here and
    // bounce forward again.
    const timer = window.setTimeout(() => navigate(`/profile_link${search}`, { replace: true }), DELAYS.newProfilesRedirect);
    return () => window.clearTimeout(timer);
  }, [search, navigate]);

  return (
    <LinkCard busy>
      <LinkProgress heading={t("newProfilesLink.heading")}>{t("newProfilesLink.wait")}</LinkProgress>
    </LinkCard>
  );
}
