import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { CodeSent } from "#shared/api-types.ts";
import { passwordResetSchema, type PasswordResetBody } from "#shared/schemas/password.ts";
import { AgencyContactButtons } from "#web/components/agency-contact-buttons.tsx";
import { CodeSentNote } from "#web/components/code-sent-note.tsx";
import { ResendCodeButton } from "#web/components/resend-code-button.tsx";
import { SetPasswordForm } from "#web/components/set-password-form.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { TextField } from "#web/components/ui/form-field.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { useRequestPasswordCode } from "#web/lib/auth.ts";
import { translate } from "#web/lib/i18n.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { usePageTitle } from "#web/lib/page-title.ts";
import { formatPhone } from "#shared/phone.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { askDefaults, type AskValues } from "../lib/ask-values.ts";
import { carried, nextPath, pidParam } from "../lib/next-path.ts";

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
  if (isApiError(error) && error.status === 429) return translate("forgot.tooMany");
  if (isApiError(error) && error.fromServer && error.error) return error.error;
  return translate("forgot.askFailed");
}

function AskForm({ defaults, onAsked }: { defaults: AskValues; onAsked: (asked: Asked, typed: AskValues) => void }) {
  const t = useT();
  const request = useRequestPasswordCode();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<AskValues, unknown, PasswordResetBody & { pid: number; mobile: string }>({ resolver, defaultValues: defaults });

  const onSubmit = handleSubmit((body) => {
    const at = Date.now();
    const typed = getValues();
    request.mutate(body, { onSuccess: (code) => onAsked({ pid: body.pid, mobile: body.mobile, code, at }, typed) });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" aria-busy={request.isPending}>
      {request.isError ? <Alert tone="error">{askFailureText(request.error)}</Alert> : null}
      <TextField label={t("signIn.profileId")} required inputMode="numeric" autoComplete="username" error={errors.pid?.message} {...register("pid")} />
      <TextField
        label={t("forgot.whatsappNumber")}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t("forgot.whatsappHint")}
        error={errors.mobile?.message}
        {...register("mobile")}
      />
      <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
        {request.isPending ? t("forgot.sending") : t("forgot.send")}
      </button>
    </form>
  );
}

// /forgot_password (ADR 0021): a member who forgot the password, or never
// set one, gets a 6-digit code on the WhatsApp number on file and chooses a
// new password with it, without calling the agency. The answer is the same
// whether or not the Profile ID and number match, so the page says "if".
export function ForgotPasswordRoute() {
  const t = useT();
  usePageTitle(t("title.forgotPassword"));
  const [params] = useSearchParams();
  const pid = pidParam(params);
  const [asked, setAsked] = useState<Asked | null>(null);
  // What the code was last asked with, as typed: "Change the Profile ID or number" starts from it.
  const [lastAsked, setLastAsked] = useState<AskValues | null>(null);

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5">
      <section className="card px-5 py-6 sm:px-8" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading" className="m-0 text-2xl font-bold text-maroon-800">
          {t("forgot.heading")}
        </h1>
        {asked ? (
          <>
            <div className="mb-5 mt-3 flex flex-col gap-2 text-base text-ink">
              <p className="m-0">{t("forgot.ifNumber", { mobile: formatPhone(asked.mobile), pid: asked.pid })}</p>
              <CodeSentNote code={asked.code} />
            </div>
            <SetPasswordForm pid={asked.pid} next={nextPath(params)} codeSentAt={asked.at} />
            <div className="mt-5 flex flex-col gap-3 border-t border-line pt-4">
              <p className="m-0 font-semibold text-ink">{t("forgot.noCode")}</p>
              <ResendCodeButton pid={asked.pid} mobile={asked.mobile} sentAt={asked.at} onSent={(at) => setAsked({ ...asked, at })} />
              <button type="button" className="btn-quiet w-full" onClick={() => setAsked(null)}>
                {t("forgot.change")}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="mb-5 mt-3 text-base text-ink">{t("forgot.intro")}</p>
            <AskForm
              defaults={askDefaults(pid, lastAsked)}
              onAsked={(done, typed) => {
                setLastAsked(typed);
                setAsked(done);
              }}
            />
            <Link to={`/set_password${carried(params, pid)}`} className="mt-4 inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
              {t("forgot.haveCode")}
            </Link>
          </>
        )}
      </section>

      <section className="card px-5 py-5 sm:px-8" aria-labelledby="forgot-help-heading">
        <h2 id="forgot-help-heading" className="m-0 text-lg font-bold text-maroon-800">
          {t("forgot.helpHeading")}
        </h2>
        <p className="m-0 mb-3 mt-2 text-base text-ink">{t("forgot.helpText")}</p>
        <AgencyContactButtons text={pid ? t("forgot.helpMessageFor", { pid }) : t("forgot.helpMessage")} />
      </section>
    </div>
  );
}
