import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /search: the main browse list (section 2).
// Placeholder until that screen is built.
export function SearchRoute() {
  return <ComingSoon title="Search Profiles" />;
}
