import { ComingSoon } from "../../../components/ui/coming-soon.tsx";

// /profile_link: auto-login link that opens a profile (section 2).
// Placeholder until that screen is built.
export function ProfileLinkRoute() {
  return <ComingSoon title="Profile Link" />;
}
