import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { DELAYS } from "#shared/constants.ts";
import type { PasswordResetConfirmBody } from "#shared/schemas/password.ts";
import { setPasswordFormSchema } from "#shared/schemas/password.ts";
import { isApiError } from "../lib/api-client.ts";
import { useConfirmPasswordCode } from "../lib/auth.ts";
import { translate } from "../lib/i18n.ts";
import { useT } from "../lib/i18n-react.tsx";
import { zodMiniResolver } from "../lib/zod-resolver.ts";
import { Alert } from "./ui/alert.tsx";
import { PasswordField, TextField } from "./ui/form-field.tsx";

// The one-time code from WhatsApp and a password of the member's own
// (ADR 0021), as the page after registration, "Forgot password?" and the
// code's own link (/set_password) ask for them. Success signs the member in.

interface SetPasswordValues {
  pid: string;
  code: string;
  password: string;
  repeatPassword: string;
}

const FIELDS = ["pid", "code", "password", "repeatPassword"] as const;

const resolver = zodMiniResolver<SetPasswordValues, typeof setPasswordFormSchema>(setPasswordFormSchema, (values) => ({
  ...values,
  pid: values.pid.trim() === "" ? undefined : Number(values.pid.trim()),
}));

function failureText(error: unknown): string {
  if (isApiError(error) && error.fromServer && error.error) return error.error;
  if (isApiError(error) && error.code === "TIMEOUT") return translate("setPassword.slow");
  return translate("setPassword.failed");
}

/**
 * `next`: where the member goes once signed in, 500 ms later as after a login (§ "2. Screens and routes").
 * `codeSentAt`: when the latest code was sent ("Send a new code"); the server's
 * answer to a code tried before it ("Too many wrong codes") no longer applies.
 */
export function SetPasswordForm({ pid, next, codeSentAt }: { pid?: number | undefined; next: string; codeSentAt?: number | undefined }) {
  const t = useT();
  const confirm = useConfirmPasswordCode();
  const navigate = useNavigate();

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => navigate(next), DELAYS.redirectAfterLogin);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate, next]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetPasswordValues, unknown, PasswordResetConfirmBody & { repeatPassword: string }>({
    resolver,
    defaultValues: { pid: pid === undefined ? "" : String(pid), code: "", password: "", repeatPassword: "" },
  });

  const onSubmit = handleSubmit(({ pid: profileId, code, password }) =>
    confirm.mutate(
      { pid: profileId, code, password },
      {
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            const field = FIELDS.find((candidate) => candidate === name);
            // A wrong or expired code is said once, in the alert above.
            if (field && message !== error.error) setError(field, { type: "server", message });
          }
        },
      },
    ),
  );

  const busy = confirm.isPending || confirm.isSuccess;
  const failed = confirm.isError && (codeSentAt === undefined || confirm.submittedAt >= codeSentAt);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The server's answer was to the last try: a new try, even one the
        // form stops for a message of its own, leaves it behind.
        if (confirm.isError) confirm.reset();
        void onSubmit(event);
      }}
      className="flex flex-col gap-5"
      aria-busy={busy}
    >
      {failed ? <Alert tone="error">{failureText(confirm.error)}</Alert> : null}
      {confirm.isSuccess ? <Alert tone="success">{t("setPassword.done")}</Alert> : null}
      {pid === undefined ? (
        <TextField label={t("signIn.profileId")} required inputMode="numeric" autoComplete="username" error={errors.pid?.message} {...register("pid")} />
      ) : (
        // For password managers: the password belongs to this Profile ID.
        <input type="hidden" autoComplete="username" {...register("pid")} />
      )}
      <TextField
        label={t("setPassword.code")}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        hint={t("setPassword.codeHint")}
        error={errors.code?.message}
        {...register("code")}
      />
      <PasswordField
        label={t("setPassword.newPassword")}
        required
        autoComplete="new-password"
        hint={t("setPassword.newPasswordHint")}
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField label={t("setPassword.repeat")} required autoComplete="new-password" error={errors.repeatPassword?.message} {...register("repeatPassword")} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {confirm.isPending ? t("setPassword.saving") : t("setPassword.submit")}
      </button>
    </form>
  );
}
