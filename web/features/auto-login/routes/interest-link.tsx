import { AutoLogin } from "../components/auto-login.tsx";

// /interest_link: auto-login link that opens the members interested in you (§ "2. Screens and routes").
export function InterestLinkRoute() {
  return <AutoLogin kind="interest" />;
}
