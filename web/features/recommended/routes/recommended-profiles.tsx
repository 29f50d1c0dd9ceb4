import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /recommended_profiles: the member's own suggestions (section 2).
// Placeholder until that screen is built.
export function RecommendedProfilesRoute() {
  return <ComingSoon title="Recommended Profiles" />;
}
