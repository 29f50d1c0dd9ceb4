import { ComingSoon } from "../../../components/ui/coming-soon.tsx";
import { getStoredUser } from "../../../lib/session.ts";

// /edit_profile: the member's own profile, one tab per section (section 2).
// Placeholder until that screen is built; the heading already names the
// signed-in member's Profile ID as the specification writes it.
export function EditProfileRoute() {
  const pid = getStoredUser()?.pid;
  return <ComingSoon title="Edit profile" heading={pid === undefined ? "Edit profile" : `Update Profile ID: ${pid}`} />;
}
