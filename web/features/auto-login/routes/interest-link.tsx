import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /interest_link: auto-login link that opens the members interested in you (section 2).
// Placeholder until that screen is built.
export function InterestLinkRoute() {
  return <ComingSoon title="Interest Link" />;
}
