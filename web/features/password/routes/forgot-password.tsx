import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { CodeSent } from "../../../../shared/api-types.ts";
import { passwordResetSchema, type PasswordResetBody } from "../../../../shared/schemas/password.ts";
import { AgencyContactButtons } from "../../../components/agency-contact-buttons.tsx";
import { CodeSentNote } from "../../../components/code-sent-note.tsx";
import { ResendCodeButton } from "../../../components/resend-code-button.tsx";
import { SetPasswordForm } from "../../../components/set-password-form.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { TextField } from "../../../components/ui/form-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useRequestPasswordCode } from "../../../lib/auth.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { formatPhone } from "../../../../shared/phone.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { carried, nextPath, pidParam } from "../lib/next-path.ts";

interface AskValues {
  pid: string;
  mobile: string;
}

const resolver = zodMiniResolver<AskValues, typeof passwordResetSchema>(passwordResetSchema, (values) => ({
  pid: values.pid.trim() === "" ? undefined : Number(values.pid.trim()),
  mobile: values.mobile,
}));

/** The code was asked for: the pair as the server read it, and how the code travels. */
interface Asked {
  pid: number;
  mobile: string;
  code: CodeSent;
  at: number;
}

function askFailureText(error: unknown): string {
  if (isApiError(error) && error.status === 429) return "Too many codes were asked for from this connection. Please wait a minute and try again.";
  if (isApiError(error) && error.fromServer && error.error) return error.error;
  return "The code could not be asked for. Please check your connection and try again.";
}

function AskForm({ pid, onAsked }: { pid: number | undefined; onAsked: (asked: Asked) => void }) {
  const request = useRequestPasswordCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AskValues, unknown, PasswordResetBody & { pid: number; mobile: string }>({ resolver, defaultValues: { pid: pid === undefined ? "" : String(pid), mobile: "" } });

  const onSubmit = handleSubmit((body) => {
    const at = Date.now();
    request.mutate(body, { onSuccess: (code) => onAsked({ pid: body.pid, mobile: body.mobile, code, at }) });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" aria-busy={request.isPending}>
      {request.isError ? <Alert tone="error">{askFailureText(request.error)}</Alert> : null}
      <TextField label="Profile ID" required inputMode="numeric" autoComplete="username" error={errors.pid?.message} {...register("pid")} />
      <TextField
        label="WhatsApp Number"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="The number on your profile, e.g. 98765 43210. The code goes only to that number."
        error={errors.mobile?.message}
        {...register("mobile")}
      />
      <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send code"}
      </button>
    </form>
  );
}

// /forgot_password (ADR 0021): a member who forgot the password, or never
// set one, gets a 6-digit code on the WhatsApp number on file and chooses a
// new password with it, without calling the agency. The answer is the same
// whether or not the Profile ID and number match, so the page says "if".
export function ForgotPasswordRoute() {
  usePageTitle("Forgot password");
  const [params] = useSearchParams();
  const pid = pidParam(params);
  const [asked, setAsked] = useState<Asked | null>(null);


  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 sm:px-8" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading" className="m-0 text-2xl font-bold text-maroon-800">
          Forgot password
        </h1>
        {asked ? (
          <>
            <div className="mb-5 mt-3 flex flex-col gap-2 text-base text-ink">
              <p className="m-0">
                If {formatPhone(asked.mobile)} is the WhatsApp number of Profile ID {asked.pid}:
              </p>
              <CodeSentNote code={asked.code} />
            </div>
            <SetPasswordForm pid={asked.pid} next={nextPath(params)} />
            <div className="mt-5 flex flex-col gap-3 border-t border-line pt-4">
              <p className="m-0 font-semibold text-ink">Did not get the code?</p>
              <ResendCodeButton pid={asked.pid} mobile={asked.mobile} sentAt={asked.at} />
              <button type="button" className="btn-quiet w-full" onClick={() => setAsked(null)}>
                Change the Profile ID or number
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="mb-5 mt-3 text-base text-ink">
              Forgot your password, or not set one yet? Enter your Profile ID and the WhatsApp number on your profile. A 6-digit code goes to that number; with it
              you choose a new password.
            </p>
            <AskForm pid={pid} onAsked={setAsked} />
            <Link to={`/set_password${carried(params, pid)}`} className="mt-4 inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
              I already have a code
            </Link>
          </>
        )}
      </section>

      <section className="card px-5 py-5 sm:px-8" aria-labelledby="forgot-help-heading">
        <h2 id="forgot-help-heading" className="m-0 text-lg font-bold text-maroon-800">
          Number changed, or no WhatsApp?
        </h2>
        <p className="m-0 mb-3 mt-2 text-base text-ink">Call or WhatsApp the agency: they check who you are and help you in.</p>
        <AgencyContactButtons text={pid ? `Namaste, I need help signing in to Profile ID ${pid}.` : "Namaste, I need help signing in to my profile."} />
      </section>
    </div>
  );
}
