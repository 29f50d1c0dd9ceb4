import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /viewed_profiles: profiles you asked about, status F (section 2).
// Placeholder until that screen is built.
export function ViewedProfilesRoute() {
  return <ComingSoon title="Viewed Profiles" />;
}
