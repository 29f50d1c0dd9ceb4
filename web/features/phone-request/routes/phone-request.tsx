import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { readRequestPayload } from "../../../../shared/links.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { interestFailureText } from "../../../components/profile-card/action-messages.ts";
import { RegisterPrompt } from "../../../components/register-prompt.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { PageLoading } from "../../../components/ui/page-loading.tsx";
import { agency } from "../../../lib/agency.ts";
import { dialable } from "../../../../shared/phone.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { getStoredUser, getToken } from "../../../lib/session.ts";
import { useRequestInterest, type RequestInterestStatus } from "../api/send-interest.ts";
import { ProfileTeaser } from "../components/profile-teaser.tsx";
import { RequestSignInForm } from "../components/request-sign-in-form.tsx";

// /request and /Request.aspx (section 2; section 4 "WhatsApp request flow"):
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
  usePageTitle("Phone Number Request");
  const [params] = useSearchParams();
  const target = readRequestPayload(params.get("q"));

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      {target === undefined ? (
        <section className="card px-5 py-6 sm:px-8" aria-labelledby="request-heading">
          <h1 id="request-heading" className="text-2xl font-bold text-maroon-800">
            Phone Number Request
          </h1>
          <Alert tone="error" className="mt-3">
            {MESSAGES.invalidProfileLink}
          </Alert>
          <Link to="/search" className="btn-outline mt-5 w-full">
            Go to Search Profiles
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
  // Only a member signed in on this phone is tried automatically; a visitor
  // goes straight to the form, with nothing gone wrong to report.
  const [phase, setPhase] = useState<Phase>(() => (getToken() && getStoredUser() ? "auto" : "form"));
  const [error, setErrorState] = useState<{ text: string; attempt: number } | null>(null);
  const setError = (text: string | null) => setErrorState((previous) => (text === null ? null : { text, attempt: (previous?.attempt ?? 0) + 1 }));
  const started = useRef(false);

  const done = (requestStatus: RequestInterestStatus) => {
    setPhase("done");
    navigate(`/whatsapp_profile?pid=${target}`, { replace: true, state: { requestStatus } satisfies RequestOutcomeState });
  };

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
          setError(interestFailureText(failure, phone));
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
          Phone Number Request
        </h1>
        <PageLoading label={`Sending your request for Profile ID ${target}...`} />
      </section>
    );
  }

  const sendAs = async (pid: number) => {
    let status: RequestInterestStatus;
    try {
      status = (await requestInterest.mutateAsync({ fpid: pid, tpid: target })).status;
    } catch (failure) {
      throw new Error(interestFailureText(failure, phone));
    }
    done(status);
  };

  return (
    <>
      <section className="card px-5 py-6 sm:px-8 sm:py-8" aria-labelledby="request-heading">
        <h1 id="request-heading" className="text-2xl font-bold text-maroon-800">
          Phone Number Request
        </h1>
        <p className="mb-0 mt-2 text-base text-ink">
          Sign in to ask for the phone number of <span className="whitespace-nowrap font-semibold">Profile ID {target}</span>. The family gets your request on
          WhatsApp; when they accept, you see their number.
        </p>
        <ProfileTeaser pid={target} />
        {/* Keyed by the attempt: a new alert is announced even when the text repeats. */}
        {error ? (
          <Alert key={error.attempt} tone="error" className="mt-3">
            {error.text}
          </Alert>
        ) : null}
        <Alert tone="info" className="mb-5 mt-3">
          The phone number needs your Profile ID and password. If you do not have them, use New Registration or contact{" "}
          {phone ? (
            <a href={`tel:${dialable(phone)}`} className="font-semibold text-maroon-800 underline">
              {phone}
            </a>
          ) : (
            "the agency"
          )}
          .
        </Alert>
        <RequestSignInForm phone={phone} onStart={() => setError(null)} onFailure={setError} onSignedIn={sendAs} />
      </section>

      <RegisterPrompt />
    </>
  );
}
