import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { changePasswordFormSchema, type ChangePasswordBody } from "#shared/schemas/password.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { PasswordField } from "#web/components/ui/form-field.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useChangePassword } from "../api/change-password.ts";

interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  repeatPassword: string;
}

const FIELDS = ["currentPassword", "password", "repeatPassword"] as const;
const EMPTY: ChangePasswordValues = { currentPassword: "", password: "", repeatPassword: "" };
const resolver = zodMiniResolver<ChangePasswordValues, typeof changePasswordFormSchema>(changePasswordFormSchema, (values) => values);

// The member's own password (ADR 0021): the current one proves it is them;
// every other phone or computer is then signed out. Folded until asked for:
// most visits to Edit profile are about the profile.
export function ChangePasswordForm({ pid }: { pid: number }) {
  const t = useT();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues, unknown, ChangePasswordBody & { repeatPassword: string }>({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, password }) =>
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          reset(EMPTY);
          setOpen(false);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            const field = FIELDS.find((candidate) => candidate === name);
            if (field) setError(field, { type: "server", message });
          }
        },
      },
    ),
  );

  return (
    <section className="card px-4 py-5 sm:px-6" aria-labelledby="password-heading">
      <h2 id="password-heading" className="m-0 text-xl font-bold text-maroon-800">
        {t("signIn.password")}
      </h2>
      <div aria-live="polite">
        {change.isSuccess && !open ? (
          <Alert tone="success" live={false} className="mt-3">
            {t("editProfile.password.changed")}
          </Alert>
        ) : null}
      </div>
      {open ? (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-5" aria-busy={change.isPending}>
          {change.isError && !(isApiError(change.error) && change.error.fields) ? (
            <Alert tone="error">{isApiError(change.error) && change.error.fromServer ? change.error.error : t("editProfile.password.failed")}</Alert>
          ) : null}
          <PasswordField
            label={t("editProfile.password.current")}
            required
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register("currentPassword")}
          />
          <PasswordField
            label={t("setPassword.newPassword")}
            required
            autoComplete="new-password"
            hint={t("editProfile.password.hint")}
            error={errors.password?.message}
            {...register("password")}
          />
          <PasswordField label={t("setPassword.repeat")} required autoComplete="new-password" error={errors.repeatPassword?.message} {...register("repeatPassword")} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className="btn-primary sm:min-w-48" disabled={change.isPending}>
              {change.isPending ? t("editProfile.saving") : t("editProfile.password.change")}
            </button>
            <button type="button" className="btn-quiet" onClick={() => setOpen(false)}>
              {t("editProfile.cancel")}
            </button>
          </div>
          <Link to={`/forgot_password?pid=${pid}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
            {t("editProfile.password.forgot")}
          </Link>
        </form>
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="m-0 text-base text-ink-muted">{t("editProfile.password.signInWith", { pid })}</p>
          <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
            {t("editProfile.password.change")}
          </button>
        </div>
      )}
    </section>
  );
}
