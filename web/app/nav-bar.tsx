import { useEffect, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation, useMatches, useNavigate } from "react-router";
import { tierName } from "#shared/tier-names.ts";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { agency } from "../lib/agency.ts";
import { useCurrentUser, useSignOut } from "../lib/auth.ts";
import { Message, useT } from "../lib/i18n-react.tsx";
import { LIST_NAMES, LIST_PATHS } from "../lib/list-names.ts";
import { useHasToken } from "../lib/use-has-token.ts";

// § "2. Screens and routes"'s links (Edit Profile, Search Profiles, the interest list) with
// the list of requests sent and the recommended profiles beside them, each
// named as its page is (ADR 0015).
const MEMBER_LINKS = [
  { to: LIST_PATHS.search, label: LIST_NAMES.search },
  { to: LIST_PATHS.received, label: LIST_NAMES.received },
  { to: LIST_PATHS.sent, label: LIST_NAMES.sent },
  { to: LIST_PATHS.recommended, label: LIST_NAMES.recommended },
  { to: "/edit_profile", label: "nav.editProfile" },
] as const;

/**
 * The route handle of the auto-login pages (router.tsx): a member is signed in
 * there, so the header holds the signed-in bar's room from the first paint.
 */
export const SIGNS_IN = { signsIn: true } as const;

// The member's own data (ADR 0033): in the phone's menu, and from tablets on
// in the signed-in line under the bar, where the row of lists has no room.
const PRIVACY_LINKS = [
  { to: "/my_data", label: "nav.myData" },
  { to: "/delete_profile", label: "nav.deleteProfile" },
] as const;

const VISITOR_LINKS = [
  { to: "/new_registration", label: "nav.newRegistration" },
  { to: "/login", label: "nav.login" },
] as const;

const itemClass =
  "flex min-h-12 w-full items-center rounded-lg px-3 text-base font-semibold text-white no-underline hover:bg-maroon-800 focus-visible:outline-saffron-300 md:w-auto aria-[current=page]:bg-maroon-900 aria-[current=page]:underline aria-[current=page]:decoration-saffron-300 aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-6";

/**
 * The navigation bar (§ "2. Screens and routes"). On phones the links fold into a Menu
 * button so that the long labels never overflow a 390 px screen; from
 * tablets on they sit in a row under the agency's name (a visitor's two
 * beside it from lg on).
 */
export function NavBar() {
  const signedIn = useHasToken();
  const t = useT();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate("/login"));
  const name = agency().name || "Telugu Matrimony";

  // Folded at the tap, not only once the path changes: a screen that asks
  // before it is left (web/components/leave-guard.tsx) may keep the path.
  const fold = () => setOpen(false);
  // A chosen link has done its job: fold the menu again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value the effect reads.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const links = signedIn ? MEMBER_LINKS : VISITOR_LINKS;
  // Who is signed in, on every screen: a family sharing one phone sees whose profile it is.
  const user = useCurrentUser({ enabled: signedIn }).data;
  // The bar's room is kept while the current user loads and while a link
  // signs a member in, so that it never pushes the screen down (CLS, ADR 0031).
  const signingIn = useMatches().some((match) => match.handle === SIGNS_IN);

  return (
    <header className="bg-maroon-700 text-white border-b-4 border-saffron-400">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 px-4 py-2">
        <Link
          to={signedIn ? "/search" : "/login"}
          className="flex min-h-12 min-w-0 flex-1 basis-0 flex-col justify-center py-1 text-white no-underline focus-visible:outline-saffron-300"
        >
          {/* basis-0: a long agency name wraps inside its box instead of
              pushing the Menu button onto a line of its own. */}
          {/* The agency's name as configured, in either language (ADR 0040). */}
          <span translate="no" className="text-base font-bold leading-tight sm:text-lg">
            {name}
          </span>
          {/* A fixed height: the Telugu font arrives after the first paint,
              and its taller glyphs must not grow the header (CLS, ADR 0031).
              lang="te" here sets a text in the header's own small Telugu
              font (web/styles/telugu-header.css, ADR 0040). */}
          <span lang="te" className="h-5 text-sm leading-5 text-saffron-100">
            తెలుగు వివాహ వేదిక
          </span>
        </Link>

        {/* Beside the agency's name at every width, so the row of lists under
            it keeps its room in either language; a visitor's two links join
            the first row from lg on, and the switch ends it. */}
        <LanguageSwitch className={`whitespace-nowrap ${signedIn ? "" : "lg:order-1"}`} />

        <button
          type="button"
          className="flex min-h-12 shrink-0 items-center gap-2 rounded-lg border-2 border-white/60 px-3 text-base font-semibold text-white hover:bg-maroon-800 focus-visible:outline-saffron-300 md:hidden"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          {t("nav.menu")}
        </button>

        {/* A member's six links need a row of their own even on wide screens:
            beside the agency's name they would squeeze it into a column. */}
        <nav id="site-nav" aria-label={t("nav.main")} className={`${open ? "block" : "hidden"} w-full pb-2 md:block ${signedIn ? "" : "lg:w-auto lg:pb-0"}`}>
          {/* md:flex-wrap: a row too long for a tablet (Telugu's longer
              labels) wraps instead of running off the screen. */}
          <ul className="m-0 flex list-none flex-col gap-1 p-0 md:flex-row md:flex-wrap md:items-center md:gap-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={itemClass} onClick={fold}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            {signedIn
              ? PRIVACY_LINKS.map((link) => (
                  <li key={link.to} className="md:hidden">
                    <NavLink to={link.to} className={itemClass} onClick={fold}>
                      {t(link.label)}
                    </NavLink>
                  </li>
                ))
              : null}
            {signedIn ? (
              <li>
                <button type="button" className={`${itemClass} cursor-pointer`} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
                  {signOut.isPending ? t("nav.loggingOut") : t("nav.logout")}
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      {signedIn && user ? (
        <SignedInBar
          aside={
            <span className="hidden gap-4 whitespace-nowrap md:ml-auto md:flex">
              {PRIVACY_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className="text-saffron-50 underline underline-offset-2 hover:text-white aria-[current=page]:font-semibold">
                  {t(link.label)}
                </NavLink>
              ))}
            </span>
          }
        >
          <span className="min-w-0 truncate">
            <Message
              id="nav.signedIn"
              values={{ name: `${user.surName} ${user.name}`.trim() }}
              components={{ 0: <span translate="no" className="font-semibold text-white" /> }}
            />{" "}
          </span>
          <span className="whitespace-nowrap">
            <span className="hidden sm:inline">· </span>
            {t("nav.profileLine", { pid: user.pid, tier: tierName(user.profileLimits.profileType, t) })}
          </span>
        </SignedInBar>
      ) : signedIn ? (
        <SignedInBar placeholder />
      ) : signingIn ? (
        // A link that does not sign in (expired, not valid) leaves the bar's
        // room in place: it says so rather than stand empty.
        <SignedInBar testId="not-signed-in">
          <span>{t("nav.notSignedIn")}</span>
          <span className="sm:hidden">&nbsp;</span>
        </SignedInBar>
      ) : null}
    </header>
  );
}

/**
 * The line under the header saying who is signed in. Its height never depends
 * on the name: two lines on a phone (the Profile ID on a line of its own),
 * one from sm on (a long name is cut off), so the placeholder shown before
 * the member is known has the same size.
 */
function SignedInBar({ placeholder = false, testId = "signed-in-as", aside, children }: { placeholder?: boolean; testId?: string; aside?: ReactNode; children?: ReactNode }) {
  return (
    <p className="m-0 border-t border-maroon-800 bg-maroon-800/40 py-1 text-sm leading-5 text-saffron-50" aria-hidden={placeholder || undefined}>
      <span className="mx-auto flex max-w-5xl flex-col px-4 sm:flex-row sm:gap-x-1">
        {placeholder ? (
          <>
            <span>&nbsp;</span>
            <span className="sm:hidden">&nbsp;</span>
          </>
        ) : (
          <>
            {/* `contents`: the line's parts stay items of the flex row; the test id names who is signed in, not the links beside it. */}
            <span className="contents" data-testid={testId}>
              {children}
            </span>
            {aside}
          </>
        )}
      </span>
    </p>
  );
}
