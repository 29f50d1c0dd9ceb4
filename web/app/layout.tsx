import { Link, Outlet, useNavigation } from "react-router";
import { agency } from "../lib/agency.ts";
import { useT } from "../lib/i18n-react.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import { dialable } from "#shared/phone.ts";
import { NavBar } from "./nav-bar.tsx";

export function Layout() {
  // Screens load on demand; a thin bar says the tap was heard.
  const navigating = useNavigation().state !== "idle";
  const { name, phone } = agency();
  const hydrated = useHydrated();
  const t = useT();

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="absolute left-2 top-2 z-50 -translate-y-20 rounded-lg bg-white px-4 py-2 font-semibold text-maroon-800 focus:translate-y-0">
        {t("nav.skipToContent")}
      </a>
      <NavBar />
      <div aria-hidden="true" className={`h-1 bg-saffron-500 transition-opacity ${navigating ? "opacity-100 animate-pulse" : "opacity-0"}`} />
      {/* A prerendered screen (ADR 0031) is shown before its code runs: until
          then its forms must not be used, or the browser would send them
          itself, a password in the address. */}
      {/* At least a screen tall: the footer starts below the fold, so a
          screen whose content arrives later never pushes it down in view
          (CLS, ADR 0031). */}
      <main id="main" tabIndex={-1} inert={!hydrated} className="mx-auto min-h-dvh w-full max-w-5xl flex-1 px-4 py-6 outline-none">
        <Outlet />
      </main>
      <footer className="flex flex-wrap items-center justify-center gap-x-4 border-t border-line bg-saffron-50 px-4 py-3 text-center text-base text-ink">
        {phone ? (
          <span className="py-2">
            {name ? (
              <>
                <span translate="no">{name}</span>:{" "}
              </>
            ) : (
              t("nav.contact")
            )}
            <a href={`tel:${dialable(phone)}`} className="font-semibold text-maroon-800 underline">
              {phone}
            </a>
          </span>
        ) : null}
        {/* The notice and whom to ask, from every page (DPDP Rule 9, ADR 0033). */}
        <Link to="/privacy" className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline">
          {t("nav.privacy")}
        </Link>
      </footer>
    </div>
  );
}
