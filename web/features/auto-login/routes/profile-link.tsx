import { AutoLogin } from "../components/auto-login.tsx";

// /profile_link: auto-login link that opens a profile, /search_id?pid={iPid} (section 2).
export function ProfileLinkRoute() {
  return <AutoLogin kind="profile" />;
}
