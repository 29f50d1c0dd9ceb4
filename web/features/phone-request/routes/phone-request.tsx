import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { readRequestPayload } from "#shared/links.ts";
import { RegisterPrompt } from "#web/components/register-prompt.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { PageLoading } from "#web/components/ui/page-loading.tsx";
import { agency } from "#web/lib/agency.ts";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { dialable } from "#shared/phone.ts";
import { usePageTitle } from "#web/lib/page-title.ts";
import { getStoredUser, getToken } from "#web/lib/session.ts";
import { useRequestInterest, type RequestInterestStatus } from "../api/send-interest.ts";
import { ProfileTeaser } from "../components/profile-teaser.tsx";
import { RequestSignInForm } from "../components/request-sign-in-form.tsx";
import { requestFailureText, type RequestFailure } from "../lib/request-messages.ts";

// /request and /Request.aspx (§ "2. Screens and routes"; § "4. States and transitions" "WhatsApp request flow"):
// a WhatsApp link asking for a profile's phone number. q is base64 of JSON
// holding the target Profile ID. The page first sends the interest as the
// member signed in on this phone; if that cannot be done it says why and
// asks for Profile ID and password. Either way, once the interest stands the
// member goes to /whatsapp_profile?pid={target}.

/** Where a request lands: the profile's WhatsApp page, saying what happened (ADR 0015). */
export interface RequestOutcomeState {
  requestStatus: RequestInterestStatus;
}

export function PhoneRequestRoute() {
  const t = useT();
  usePageTitle(t("phoneRequest.title"));
  const [params] = useSearchParams();
  const target = readRequestPayload(params.get("q"));

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      {target === undefined ? (
        <section className="card px-5 py-6 sm:px-8" aria-labelledby="request-heading">
          <h1 id="request-heading" className="text-2xl font-bold text-maroon-800">
            {t("phoneRequest.title")}
          </h1>
          <Alert tone="error" className="mt-3">
            {t("phoneRequest.invalidLink")}
          </Alert>
          <Link to="/search" className="btn-outline mt-5 w-full">
            {t("phoneRequest.goToSearch")}
          </Link>
        </section>
      ) : (
        <RequestFlow target={target} />
      )}
    </div>
  );
}

type Phase = "auto" | "form" | "done";

function RequestFlow({ target }: { target: number }) {
  const navigate = useNavigate();
  const { phone } = agency();
  const requestInterest = useRequestInterest();
  const t = useT();
  // Only a member signed in on this phone is tried automatically; a visitor
  // goes straight to the form, with nothing gone wrong to report.
  const [phase, setPhase] = useState<Phase>(() => (getToken() && getStoredUser() ? "auto" : "form"));
  // The failure, worded at each render (requestFailureText, ADR 0040).
  const [error, setErrorState] = useState<{ failure: RequestFailure; attempt: number } | null>(null);
  const setError = (failure: RequestFailure | null) => setErrorState((previous) => (failure === null ? null : { failure, attempt: (previous?.attempt ?? 0) + 1 }));
  const started = useRef(false);

  const done = (requestStatus: RequestInterestStatus) => {
    setPhase("done");
    navigate(`/whatsapp_profile?pid=${target}`, { replace: true, state: { requestStatus } satisfies RequestOutcomeState });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per visit, as its last comment says.
  useEffect(() => {
    // Once per visit, also when React runs effects twice in development.
    if (phase !== "auto" || started.current) return;
    started.current = true;
    const stored = getStoredUser();
    if (!stored) {
      setPhase("form");
      return;
    }
    requestInterest.mutate(
      { fpid: stored.pid, tpid: target },
      {
        onSuccess: ({ status }) => done(status),
        onError: (failure) => {
          setError({ step: "interest", error: failure });
          setPhase("form");
        },
      },
    );
    // `done` and the mutation change identity on every render; the ref above
    // is what keeps this to one call, so they are left out on purpose.
  }, [phase, target]);

  if (phase !== "form") {
    return (
      <section className="card px-5 py-6 sm:px-8" aria-labelledby="request-heading">
        <h1 id="request-heading" className="text-2xl font-bold text-maroon-800">
          {t("phoneRequest.title")}
        </h1>
        <PageLoading label={t("phoneRequest.sending", { pid: target })} />
      </section>
    );
  }

  // A failure rejects with the call's error, which the form hands back as the interest step's.
  const sendAs = async (pid: number) => {
    const { status } = await requestInterest.mutateAsync({ fpid: pid, tpid: target });
    done(status);
  };

  return (
    <>
      <section className="card px-5 py-6 sm:px-8 sm:py-8" aria-labelledby="request-heading">
        <h1 id="request-heading" className="text-2xl font-bold text-maroon-800">
          {t("phoneRequest.title")}
        </h1>
        <p className="mb-0 mt-2 text-base text-ink">
          <Message id="phoneRequest.intro" values={{ pid: target }} components={{ 0: <span className="whitespace-nowrap font-semibold" /> }} />
        </p>
        <ProfileTeaser pid={target} />
        {/* Keyed by the attempt: a new alert is announced even when the text repeats. */}
        {error ? (
          <Alert key={error.attempt} tone="error" className="mt-3">
            {requestFailureText(error.failure, phone)}
          </Alert>
        ) : null}
        <Alert tone="info" className="mb-5 mt-3">
          {phone ? (
            <Message
              id="phoneRequest.needSignIn"
              values={{ phone }}
              // biome-ignore lint/a11y/useAnchorContent: Message fills the link with the catalogue's <0>text</0>.
              components={{ 0: <a href={`tel:${dialable(phone)}`} className="whitespace-nowrap font-semibold text-maroon-800 underline" /> }}
            />
          ) : (
            t("phoneRequest.needSignInNoPhone")
          )}
        </Alert>
        <RequestSignInForm onStart={() => setError(null)} onFailure={setError} onSignedIn={sendAs} />
      </section>

      <RegisterPrompt />
    </>
  );
}
