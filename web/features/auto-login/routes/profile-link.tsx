import { AutoLogin } from "../components/auto-login.tsx";

// /profile_link: auto-login link that opens a profile, /search_id?pid={iPid} (§ "2. Screens and routes").
export function ProfileLinkRoute() {
  return <AutoLogin kind="profile" />;
}
