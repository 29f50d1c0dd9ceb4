// The auto-login links' sign-in, started before the application (ADR 0042).
// web/app/early-link-sign-in.ts, the only script an auto-login page runs at
// first, written into the page, runs this as soon as it is parsed. The page holds the application
// (its entry and preloads) in a template that fetches nothing, so that:
// - a link that opens a page the Worker renders for a signed-in member
//   (/search, or the requests received: shared/page-session.ts) signs in,
//   keeps the session and replaces the document with that page, and the
//   application is not loaded here: a slow phone's network and CPU go to the
//   POST and the page the member came for. Meanwhile the page shows the
//   sign-in in progress, painted from its HTML (components/link-splash.tsx);
// - a link that opens another screen starts the application at once, beside
//   the POST, and the application opens the screen in this document;
// - whatever this module does not handle (another member signed in on this
//   phone, a link that does not decode, a refused sign-in) starts the
//   application, whose page (components/auto-login.tsx) takes the request over
//   (claimLinkSignIn) and reads its answer as its own.
//
// Imports nothing of the application (React, the catalogues, the API
// client): vite.config.ts builds it apart into that small script.
import type { LinkSignInResult } from "#shared/api-types.ts";
import { DELAYS } from "#shared/constants.ts";
import { AUTO_LOGIN_PATHS, autoLoginDestination, autoLoginKindAt, readAutoLoginPayload, type AutoLoginKind, type AutoLoginPayload } from "#shared/links.ts";
import { APPLICATION_TEMPLATE_ID } from "#shared/page-placeholders.ts";
import { isMemberPage } from "#shared/page-session.ts";
import { adoptProfileLanguage, deviceLanguage } from "#web/lib/device-language.ts";
import { clearSession, getStoredUser, getToken, saveSession } from "#web/lib/session.ts";

/** POST /api/users/link_sign_in (worker/routes/users.ts), as web/features/auto-login/api/link-sign-in.ts calls it. */
const LINK_SIGN_IN_URL = "/api/users/link_sign_in";
/** As long as the API client waits for any answer (lib/api-client.ts). */
const TIMEOUT_MS = 30_000;

/** A sign-in this module started, for the application to take over. */
export interface EarlySignIn {
  kind: AutoLoginKind;
  /** The raw `link` query value, which has left the address bar. */
  link: string;
  payload: AutoLoginPayload;
  /** The request's signal: it tells the API client's reading a timeout from a network error. */
  signal: AbortSignal;
  /** The server's answer, once this module is done with it; rejected when none arrived. */
  answer: Promise<EarlyAnswer>;
}

export interface EarlyAnswer {
  response: Response;
  /** The page this document is being replaced with, when the answer signed in and the Worker renders that page; null otherwise. */
  opening: string | null;
}

/**
 * What this file and the application, built apart, share on the page:
 * whether the application has taken the link's sign-in for itself, and the
 * sign-in started here.
 */
interface Handoff {
  claimed: boolean;
  started?: EarlySignIn;
}

declare global {
  interface Window {
    earlyLinkSignIn?: Handoff;
  }
}

function handoff(): Handoff {
  window.earlyLinkSignIn ??= { claimed: false };
  return window.earlyLinkSignIn;
}

/** The member this phone is signed in as, when it is not the one the link is for: the page asks before switching (docs/security.md). */
export function otherSignedInPid(payload: AutoLoginPayload | undefined): number | undefined {
  const stored = getStoredUser();
  if (!payload || !getToken() || !stored || stored.pid === payload.pid) return undefined;
  return stored.pid;
}

/**
 * Starts the link's sign-in when the page alone can do it: an auto-login
 * page, a link that decodes, and no other member signed in on this phone.
 * Anything else (the question, an unreadable link's message) is the
 * application's: it is started at once and finds nothing started here.
 */
export function startEarlySignIn(): void {
  const shared = handoff();
  const kind = autoLoginKindAt(location.pathname);
  const link = new URLSearchParams(location.search).get("link");
  const payload = readAutoLoginPayload(link);
  if (shared.claimed || kind === undefined || link === null || payload === undefined || otherSignedInPid(payload) !== undefined) {
    startApplication();
    return;
  }
  shared.claimed = true;
  // As components/auto-login.tsx says: the token leaves the address bar
  // first, and whoever used this phone before is signed out.
  history.replaceState(history.state, "", location.pathname + location.hash);
  clearSession();
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const destination = autoLoginDestination(kind, payload.iPid);
  const answer = signIn(kind, link, signal, destination);
  shared.started = { kind, link, payload, signal, answer };
  if (!isMemberPage(destination)) {
    startApplication();
    return;
  }
  // The page shows the sign-in in progress from its first paint (components/link-splash.tsx),
  // which waits for no script: its status is read out at once.
  whenRead(() => document.getElementById("main")?.removeAttribute("inert"));
  // Only the page the Worker renders is opened from here; any other answer is the application's to show.
  answer.then(
    ({ opening }) => {
      if (opening === null) startApplication();
    },
    () => startApplication(),
  );
}

/** Runs `then` once the page's markup has been read: an async script may run before. */
function whenRead(then: () => void): void {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then, { once: true });
  else then();
}

/**
 * /new_profiles_link (§ "2. Screens and routes"): its brief page comes painted in the
 * HTML, and after 1 s /profile_link opens with the query string exactly as it
 * came, where this script signs the member in. Replace, so that Back does not
 * land here and bounce forward again.
 */
export function openProfileLinkAfterBriefPage(): void {
  whenRead(() => {
    // The layout keeps a prerendered screen inert until React takes it over
    // (app/layout.tsx), for its forms; this page has none and React never
    // comes, so its status is read out at once.
    document.getElementById("main")?.removeAttribute("inert");
    // The second counts from the page on screen: the first frame after its markup is read.
    requestAnimationFrame(() => setTimeout(() => location.replace(`${AUTO_LOGIN_PATHS.profile}${location.search}`), DELAYS.newProfilesRedirect));
  });
}

/** Adds the application the page holds (its entry script and preloads) to the page, once. */
function startApplication(): void {
  const held = document.getElementById(APPLICATION_TEMPLATE_ID);
  if (!(held instanceof HTMLTemplateElement)) return;
  held.remove();
  for (const element of [...held.content.children]) {
    // A script taken from a template does not run: it is written anew.
    if (element instanceof HTMLScriptElement) {
      const script = document.createElement("script");
      script.type = element.type;
      script.crossOrigin = element.crossOrigin;
      script.src = element.src;
      document.head.append(script);
    } else document.head.append(element);
  }
}

/**
 * For the application's link page: the sign-in started before it, for the
 * link it was opened with (null once the address bar has lost it), if any.
 * From then on the page signs in itself and nothing starts here.
 */
export function claimLinkSignIn(link: string | null): EarlySignIn | undefined {
  const shared = handoff();
  shared.claimed = true;
  const { started } = shared;
  return started && (link === null || link === started.link) ? started : undefined;
}

async function signIn(kind: AutoLoginKind, link: string, signal: AbortSignal, destination: string): Promise<EarlyAnswer> {
  const response = await fetch(LINK_SIGN_IN_URL, {
    method: "POST",
    headers: { Accept: "application/json", "Accept-Language": deviceLanguage(), "Content-Type": "application/json" },
    body: JSON.stringify({ kind, link }),
    credentials: "same-origin",
    signal,
  });
  if (!response.ok || !isMemberPage(destination)) return { response, opening: null };
  const result = await signedIn(response.clone());
  if (!result) return { response, opening: null };
  // As components/auto-login.tsx keeps it (lib/link-session.ts): the token,
  // with its copy for the page the Worker renders, and the member; the
  // profile's language where the device has chosen none, so the page comes in it.
  saveSession(result.token, { pid: result.pid, profileLimits: result.profileLimits });
  adoptProfileLanguage(result.user?.language);
  // § "9. Business constants and limits": 100 ms after the auto-login. Replace, so that Back
  // does not return to a link page that no longer holds its link.
  setTimeout(() => location.replace(destination), DELAYS.redirectAfterAutoLogin);
  return { response, opening: destination };
}

/** The answer's session, or undefined for a body that is not one (the application's reading then says why). */
async function signedIn(response: Response): Promise<LinkSignInResult | undefined> {
  try {
    const body: unknown = await response.json();
    const data = typeof body === "object" && body !== null && "data" in body ? (body.data as LinkSignInResult) : undefined;
    return typeof data?.token === "string" && typeof data.pid === "number" ? data : undefined;
  } catch {
    return undefined;
  }
}
