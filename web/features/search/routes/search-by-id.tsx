import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /search_id: one profile by its Profile ID (section 2).
// Placeholder until that screen is built.
export function SearchByIdRoute() {
  return <ComingSoon title="Search By ID" />;
}
