import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /link: public profile cards shared by the agency (section 2).
// Placeholder until that screen is built.
export function PublicProfilesRoute() {
  return <ComingSoon title="Public Profiles" />;
}
