import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /viewed_by_profiles: members interested in you, status V (section 2).
// Placeholder until that screen is built.
export function ViewedByProfilesRoute() {
  return <ComingSoon title="Interested in you Profiles" heading="Viewed By / Interested in you" />;
}
