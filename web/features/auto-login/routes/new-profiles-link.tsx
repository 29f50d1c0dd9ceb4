import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /new_profiles_link: a brief page, then /profile_link with the same query (section 2).
// Placeholder until that screen is built.
export function NewProfilesLinkRoute() {
  return <ComingSoon title="Newly Added Profiles" />;
}
