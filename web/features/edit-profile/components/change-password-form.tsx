import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { changePasswordFormSchema, type ChangePasswordBody } from "../../../../shared/schemas/password.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { PasswordField } from "../../../components/ui/form-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
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
        Password
      </h2>
      <div aria-live="polite">{change.isSuccess && !open ? <Alert tone="success" live={false} className="mt-3">Your password is changed. Other phones and computers are signed out.</Alert> : null}</div>
      {open ? (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-5" aria-busy={change.isPending}>
          {change.isError && !(isApiError(change.error) && change.error.fields) ? (
            <Alert tone="error">{isApiError(change.error) && change.error.fromServer ? change.error.error : "Your password could not be changed. Please check your connection and try again."}</Alert>
          ) : null}
          <PasswordField label="Current password" required autoComplete="current-password" error={errors.currentPassword?.message} {...register("currentPassword")} />
          <PasswordField label="New password" required autoComplete="new-password" hint="At least 8 letters, digits or signs." error={errors.password?.message} {...register("password")} />
          <PasswordField label="New password again" required autoComplete="new-password" error={errors.repeatPassword?.message} {...register("repeatPassword")} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className="btn-primary sm:min-w-48" disabled={change.isPending}>
              {change.isPending ? "Saving..." : "Change password"}
            </button>
            <button type="button" className="btn-quiet" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <Link to={`/forgot_password?pid=${pid}`} className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2">
            Forgot the current password? Get a code on WhatsApp
          </Link>
        </form>
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="m-0 text-base text-ink-muted">You sign in with your Profile ID {pid} and this password.</p>
          <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
            Change password
          </button>
        </div>
      )}
    </section>
  );
}
