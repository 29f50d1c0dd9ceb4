// The auto-login pages' first script, in front of main.tsx: it starts the
// link's sign-in the moment it arrives, and the application, which those
// pages hold in a template, only where it is needed (ADR 0042). vite.config.ts
// builds it into a file of its own, sharing nothing with the application, and
// names it on those pages only.
import { startEarlySignIn } from "../features/auto-login/lib/early-sign-in.ts";

startEarlySignIn();
