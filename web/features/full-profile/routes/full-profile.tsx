import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /full_profile?pid=: full details of another member (section 2).
// Placeholder until that screen is built.
export function FullProfileRoute() {
  return <ComingSoon title="Full Profile" />;
}
