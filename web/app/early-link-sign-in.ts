// The auto-login pages' first script, in front of main.tsx: it starts the
// link's sign-in the moment it arrives, and the application, which those
// pages hold in a template, only where it is needed (ADR 0042). On
// /new_profiles_link it is the only script: it opens /profile_link after the
// brief page (ADR 0045). vite.config.ts
// builds it apart, sharing nothing with the application, and writes it into
// those pages only (shared/early-sign-in-script.ts).
import { isNewProfilesPage } from "#shared/links.ts";
import { openProfileLinkAfterBriefPage, startEarlySignIn } from "../features/auto-login/lib/early-sign-in.ts";

// Named as the Worker names it: /new_profiles_link/ is the brief page too.
if (isNewProfilesPage(location.pathname)) openProfileLinkAfterBriefPage();
else startEarlySignIn();
