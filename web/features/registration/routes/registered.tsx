import { useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { RegistrationResult } from "#shared/api-types.ts";
import { AgencyContactButtons } from "#web/components/agency-contact-buttons.tsx";
import { CodeSentNote } from "#web/components/code-sent-note.tsx";
import { ResendCodeButton } from "#web/components/resend-code-button.tsx";
import { SetPasswordForm } from "#web/components/set-password-form.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { CopyButton } from "#web/components/ui/copy-button.tsx";
import { Message, useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";

/** What the registration answered, handed over by the form; gone after a reload, when only the Profile ID (in the address) remains. */
export interface RegisteredState {
  registration: RegistrationResult;
  /** When the code was asked for (the registration), for the wait before another. */
  at: number;
}

function readState(state: unknown, pid: number): RegisteredState | null {
  if (typeof state !== "object" || state === null || !("registration" in state)) return null;
  const registered = state as RegisteredState;
  return registered.registration.pid === pid ? registered : null;
}

// /registered?pid= (ADR 0021): a page, not a dialog, after registration. The
// Profile ID, large and copyable; when and where the code to set a password
// arrives, with the field to enter it right here; the agency's call and
// WhatsApp buttons; and the way to the login with the ID filled in.
export function RegisteredRoute() {
  const t = useT();
  usePageTitle(t("title.registered"));
  const location = useLocation();
  const pid = Number(useSearchParams()[0].get("pid"));
  const valid = Number.isSafeInteger(pid) && pid > 0;
  const registered = valid ? readState(location.state, pid) : null;
  // When "Send a new code" last sent one: the form's message about an earlier code goes.
  const [codeSentAt, setCodeSentAt] = useState<number | undefined>(undefined);

  if (!valid) {
    return (
      <div className="mx-auto max-w-md">
        <Alert tone="error">
          <Message id="registered.needsPid" components={{ 0: <Link to="/login" /> }} />
        </Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 text-center sm:px-8" aria-labelledby="registered-heading">
        <h1 id="registered-heading" className="m-0 text-2xl font-bold text-maroon-800">
          {t("registered.heading")}
        </h1>
        <p className="m-0 mt-3 text-base text-ink">{t("registered.yourPid")}</p>
        <p className="m-0 mt-1 text-5xl font-bold tracking-wider text-maroon-800" data-testid="registered-pid">
          {pid}
        </p>
        <div className="mt-3 flex justify-center">
          <CopyButton text={String(pid)} label={t("registered.copy")} what={t("registered.copyWhat")} />
        </div>
        <p className="m-0 mt-3 text-base text-ink-muted">{t("registered.noteDown")}</p>
      </section>

      <section className="card px-5 py-6 sm:px-8" aria-labelledby="set-password-heading">
        <h2 id="set-password-heading" className="m-0 text-xl font-bold text-maroon-800">
          {t("registered.setPassword")}
        </h2>
        <div className="mb-5 mt-3 text-base text-ink">
          {registered ? <CodeSentNote code={registered.registration.code} mobile={registered.registration.mobile} /> : <p className="m-0">{t("registered.codeSent")}</p>}
        </div>
        <SetPasswordForm pid={pid} next="/search" codeSentAt={codeSentAt} />
        <div className="mt-5 border-t border-line pt-4">
          <p className="m-0 mb-2 font-semibold text-ink">{t("registered.noCode")}</p>
          {registered ? (
            <ResendCodeButton pid={pid} mobile={registered.registration.mobile} sentAt={registered.at} onSent={setCodeSentAt} />
          ) : (
            <Link to={`/forgot_password?pid=${pid}`} className="btn-outline w-full">
              {t("registered.newCode")}
            </Link>
          )}
        </div>
      </section>

      <section className="card px-5 py-6 sm:px-8" aria-labelledby="help-heading">
        <h2 id="help-heading" className="m-0 text-xl font-bold text-maroon-800">
          {t("registered.helpHeading")}
        </h2>
        <p className="m-0 mb-3 mt-2 text-base text-ink">{t("registered.helpText")}</p>
        <AgencyContactButtons text={t("registered.helpMessage", { pid })} />
        <Link to={`/login?pid=${pid}`} className="mt-4 inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
          {t("registered.later")}
        </Link>
      </section>
    </div>
  );
}
