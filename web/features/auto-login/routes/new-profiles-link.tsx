import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { DELAYS } from "../../../../shared/constants.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { LinkCard, LinkProgress } from "../components/link-card.tsx";

// /new_profiles_link (section 2): the agency's "new profiles" WhatsApp link.
// A brief page, then /profile_link with the query string exactly as it came,
// which signs the member in. This page itself signs nobody in and calls
// nothing, so its link reaches /profile_link untouched.

export function NewProfilesLinkRoute() {
  usePageTitle("Newly Added Profiles");
  const { search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    // Section 9: after 1 s. Replace, so that Back does not land here and
    // bounce forward again.
    const timer = window.setTimeout(() => navigate(`/profile_link${search}`, { replace: true }), DELAYS.newProfilesRedirect);
    return () => window.clearTimeout(timer);
  }, [search, navigate]);

  return (
    <LinkCard busy>
      <LinkProgress heading="Newly Added Profiles">The newest profiles are opening. Please wait a moment...</LinkProgress>
    </LinkCard>
  );
}
