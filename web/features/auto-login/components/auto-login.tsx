import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { DELAYS } from "#shared/constants.ts";
import { autoLoginDestination, readAutoLoginPayload, type AutoLoginKind, type AutoLoginPayload } from "#shared/links.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { preloadScreens } from "../lib/preload-screens.ts";
import { agency } from "#web/lib/agency.ts";
import { startLinkSession } from "../lib/link-session.ts";
import { dialable } from "#shared/phone.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { clearSession } from "#web/lib/session.ts";
import { earlySignInResult, linkSignIn } from "../api/link-sign-in.ts";
import { claimLinkSignIn, otherSignedInPid, type EarlySignIn } from "../lib/early-sign-in.ts";
import { destinationLabel, linkFailure } from "../lib/link-outcome.ts";
import { LinkCard, LinkHeading, LinkProgress } from "./link-card.tsx";

// /profile_link, /interest_link and /whatsapp_link (§ "2. Screens and routes"; ADR 0011). The page clears local storage and the data
// cache, then signs in with the link by a POST (the GET of the link signs
// nobody in), stores the session as the login screen does, and opens the
// link's screen 100 ms later. Where the page alone can, the POST starts
// before the application, and a link to a page the Worker renders for the
// member (/search, the requests received) opens that page without the
// application (lib/early-sign-in.ts, ADR 0042). The link's token leaves the address bar before
// anything else happens, whatever the outcome: it must not stay in the
// browser's history or be copied from the address bar and forwarded.
//
// When this phone is signed in as another member, the page asks first
// (docs/security.md, "Someone else's link"): a stranger could forward a link
// to their own profile, and a family tapping it would otherwise act inside
// the stranger's account without noticing.

type Phase =
  | { name: "confirm"; signedInPid: number }
  | { name: "signing-in" }
  // `leaving`: the document is being replaced with the destination (lib/early-sign-in.ts), which the page does not open itself.
  | { name: "signed-in"; destination: string; leaving: boolean }
  // The sign-in's error (null: the link does not decode), worded at each
  // render (linkFailure), so a switch of language re-words it (ADR 0040).
  | { name: "failed"; error: unknown };

export function AutoLogin({ kind }: { kind: AutoLoginKind }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const contact = agency();
  const t = useT();

  // Read once, on the first render: the URL is replaced right after, and the
  // link must outlive that (a retry uses it again). The sign-in may have
  // started before the application (lib/early-sign-in.ts), with the link
  // already out of the address bar; the page takes it over.
  const [{ link, early }] = useState(() => {
    const inAddress = new URLSearchParams(location.search).get("link");
    const startedEarly = claimLinkSignIn(inAddress);
    return { link: startedEarly?.link ?? inAddress, early: startedEarly };
  });
  // Decoded here with the same function the Worker uses, so an undecodable
  // link shows its message at once without asking the server (§ "5. Validation rules").
  const [payload] = useState(() => readAutoLoginPayload(link));
  const [phase, setPhase] = useState<Phase>(() => {
    if (!payload) return { name: "failed", error: null };
    const signedInPid = otherSignedInPid(payload);
    return signedInPid === undefined ? { name: "signing-in" } : { name: "confirm", signedInPid };
  });
  // Read with the phase above, so that a confirmation shown stays shown.
  const [mustConfirm] = useState(() => phase.name === "confirm");
  const started = useRef(false);

  const failure = phase.name === "failed" ? linkFailure(phase.error, kind, contact) : null;
  usePageTitle(t(failure ? (failure.retryable ? "title.linkFailed" : "title.linkNotValid") : phase.name === "confirm" ? "title.switchProfile" : "title.signingIn"));

  // The destination's code and messages load while the server signs in, not
  // after: on a slow phone each is a round trip (ADR 0031). Asked for before
  // the first paint, whose web fonts would otherwise take the connections first.
  useLayoutEffect(() => {
    if (payload) preloadScreens(autoLoginDestination(kind, payload.iPid));
  }, [kind, payload]);

  // Not a useMutation: React StrictMode unmounts and remounts the page in
  // development, which detaches a mutation observer from a request already
  // on its way, and this page must see its one answer.
  const settle = (answer: ReturnType<typeof earlySignInResult>, decoded: AutoLoginPayload) => {
    const destination = autoLoginDestination(kind, decoded.iPid);
    answer.then(
      async (result) => {
        if (result === null) {
          setPhase({ name: "signed-in", destination, leaving: true });
          return;
        }
        // As the login screen does (lib/auth.ts useSignIn): nothing cached
        // for anyone else, then the token and the current user, which the
        // answer carries.
        await startLinkSession(queryClient, result);
        setPhase({ name: "signed-in", destination, leaving: false });
      },
      (error: unknown) => setPhase({ name: "failed", error }),
    );
  };

  const signIn = (value: string, decoded: AutoLoginPayload) => {
    // § "2. Screens and routes": whoever used this phone before is signed out first, so a
    // failed link never leaves the previous member's session behind either.
    clearSession();
    queryClient.clear();
    setPhase({ name: "signing-in" });
    settle(linkSignIn({ kind, link: value }), decoded);
  };

  /** The sign-in lib/early-sign-in.ts started: storage was cleared there, and this page's data cache has held nothing yet. */
  const takeOver = (started: EarlySignIn) => settle(earlySignInResult(started), started.payload);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the first render only, as its last comment says.
  useEffect(() => {
    // Once per visit: React StrictMode runs effects twice in development, and
    // a link must sign in exactly once.
    if (started.current) return;
    started.current = true;
    const replaced = location.search ? navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, preventScrollReset: true }) : undefined;
    // The router updates the address bar asynchronously; the link is used
    // only once its token is out of it.
    void Promise.resolve(replaced).then(() => {
      if (early) takeOver(early);
      else if (link !== null && payload && !mustConfirm) signIn(link, payload);
    });
    // Runs on the first render only (the ref above); what it reads was
    // captured then on purpose, so later values are left out.
  }, []);

  const destination = phase.name === "signed-in" && !phase.leaving ? phase.destination : null;
  useEffect(() => {
    if (!destination) return;
    // § "9. Business constants and limits": redirect 100 ms after the auto-login. Replace, so that Back
    // does not return to a link page that no longer holds its link.
    const timer = window.setTimeout(() => navigate(destination, { replace: true }), DELAYS.redirectAfterAutoLogin);
    return () => window.clearTimeout(timer);
  }, [destination, navigate]);

  if (phase.name === "confirm" && link !== null && payload) {
    return (
      <LinkCard>
        <LinkHeading>{t("autoLogin.switchHeading", { pid: payload.pid })}</LinkHeading>
        <p className="mb-0 mt-4 text-lg text-ink">{t("autoLogin.switchText", { pid: payload.pid, signedIn: phase.signedInPid })}</p>
        <div className="mt-6 flex flex-col gap-3">
          <button type="button" className="btn-primary w-full" onClick={() => signIn(link, payload)}>
            {t("autoLogin.continueAs", { pid: payload.pid })}
          </button>
          <Link to="/search" replace className="btn-outline w-full">
            {t("autoLogin.stayAs", { pid: phase.signedInPid })}
          </Link>
        </div>
      </LinkCard>
    );
  }

  if (failure === null) {
    const next = destinationLabel(kind, payload?.iPid);
    return (
      <LinkCard busy>
        {phase.name === "signing-in" ? (
          <LinkProgress heading={t("autoLogin.signingIn")}>{t("autoLogin.wait", { next: capitalize(next) })}</LinkProgress>
        ) : (
          <LinkProgress heading={t("autoLogin.signedIn")}>{t("autoLogin.opening", { next })}</LinkProgress>
        )}
      </LinkCard>
    );
  }

  const tel = dialable(contact.phone);
  return (
    <LinkCard>
      <LinkHeading>{failure.retryable ? t("autoLogin.failedHeading") : t("autoLogin.invalidHeading")}</LinkHeading>
      <Alert tone="error" className="mt-4 text-left">
        {keepTogether(failure.text, contact.phone)}
      </Alert>
      <div className="mt-6 flex flex-col gap-3">
        {failure.retryable && link !== null && payload ? (
          <button type="button" className="btn-primary w-full" onClick={() => signIn(link, payload)}>
            {t("autoLogin.tryAgain")}
          </button>
        ) : null}
        <Link to="/login" className={`${failure.retryable ? "btn-outline" : "btn-primary"} w-full`}>
          {t("autoLogin.login")}
        </Link>
        {tel ? (
          <a href={`tel:${tel}`} className="btn-outline w-full">
            {t("autoLogin.call", { phone: contact.phone })}
          </a>
        ) : null}
      </div>
      {failure.retryable ? null : <p className="mb-0 mt-5 text-base text-ink-muted">{t("autoLogin.loginInstead")}</p>}
    </LinkCard>
  );
}

/** A phone number split over two lines is hard to read and to dial: its spaces do not break. */
function keepTogether(text: string, phone: string): string {
  return phone.includes(" ") ? text.split(phone).join(phone.replace(/ /g, "\u00a0")) : text;
}

/** English starts the sentence with the destination; Telugu letters have no case and stay as they are. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
