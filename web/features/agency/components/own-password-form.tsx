import { ownPasswordSchema, STAFF_PASSWORD_MIN, type OwnPassword } from "#shared/schemas/staff.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { PasswordField } from "#web/components/ui/form-field.tsx";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useChangeOwnPassword } from "../api/change-own-password.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";

const EMPTY: OwnPassword = { currentPassword: "", newPassword: "" };
const resolver = zodMiniResolver<OwnPassword, typeof ownPasswordSchema>(ownPasswordSchema, (values) => values);

// The same schema as the server's: a short or unchanged password is caught
// before the call; a wrong current one comes back under its field.
export function OwnPasswordForm() {
  const change = useChangeOwnPassword();
  const {
    register,
    reset,
    onSubmit,
    send,
    saved,
    failure,
    formState: { errors },
  } = useConsoleForm<OwnPassword, OwnPassword>({ resolver, defaultValues: EMPTY, fields: ["currentPassword", "newPassword"] });

  const submit = onSubmit((body) =>
    send(change.mutate, body, {
      onSuccess: () => {
        reset(EMPTY);
        return "Your password is changed. Other devices signed in with this account are signed out.";
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Change your password" className="flex max-w-md flex-col gap-4" aria-busy={change.isPending}>
      <PasswordField label="Current password" required autoComplete="current-password" error={errors.currentPassword?.message} {...register("currentPassword")} />
      <PasswordField
        label="New password"
        required
        autoComplete="new-password"
        hint={`At least ${STAFF_PASSWORD_MIN} characters. A few words you will remember are stronger than a short code.`}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <button type="submit" className="btn-primary sm:self-start" disabled={change.isPending}>
        {change.isPending ? "Changing..." : "Change password"}
      </button>
      {saved ? <Alert tone="success">{saved}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
    </form>
  );
}
