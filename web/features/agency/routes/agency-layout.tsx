import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigation } from "react-router";
import { useMe } from "../api/get-me.ts";
import { ConsoleHeader } from "../components/console-header.tsx";
import { useHasStaffToken, useStoredStaff } from "../lib/staff-session.ts";

// The frame of every /agency screen. Without a staff session every console
// path leads to the sign-in at /agency, which brings staff back to where they
// were going; a 401 from any call ends the session (lib/admin-request.ts)
// and so lands here too.
export function AgencyLayout() {
  const signedIn = useHasStaffToken();
  const stored = useStoredStaff();
  const location = useLocation();
  const navigating = useNavigation().state !== "idle";
  // Checks the stored session with the server once per visit; the header
  // shows the stored name meanwhile.
  const me = useMe({ enabled: signedIn });

  useEffect(() => {
    // Keeps crawlers and history previews off the console.
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.append(meta);
    return () => meta.remove();
  }, []);

  const atSignIn = location.pathname.replace(/\/+$/, "") === "/agency";
  if (!signedIn && !atSignIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/agency?next=${encodeURIComponent(next)}`} replace />;
  }

  return (
    <div className="flex min-h-dvh flex-col bg-[#fbf7f3]">
      <a href="#console-main" className="absolute left-2 top-2 z-50 -translate-y-20 rounded-lg bg-white px-4 py-2 font-semibold text-maroon-800 focus:translate-y-0">
        Skip to content
      </a>
      {signedIn ? <ConsoleHeader staff={me.data ?? stored} /> : null}
      <div aria-hidden="true" className={`h-1 bg-saffron-500 transition-opacity ${navigating ? "opacity-100 animate-pulse" : "opacity-0"}`} />
      <main id="console-main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-3 py-5 outline-none sm:px-4">
        <Outlet />
      </main>
    </div>
  );
}
