import { useState } from "react";
import { useForm } from "react-hook-form";
import { ownPasswordSchema, STAFF_PASSWORD_MIN, type OwnPassword } from "../../../../shared/schemas/staff.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { PasswordField } from "../../../components/ui/form-field.tsx";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useChangeOwnPassword } from "../api/change-own-password.ts";
import { errorText, showFieldErrors } from "../lib/error-text.ts";

const EMPTY: OwnPassword = { currentPassword: "", newPassword: "" };
const resolver = zodMiniResolver<OwnPassword, typeof ownPasswordSchema>(ownPasswordSchema, (values) => values);

// The same schema as the server's: a short or unchanged password is caught
// before the call; a wrong current one comes back under its field.
export function OwnPasswordForm() {
  const change = useChangeOwnPassword();
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<OwnPassword, unknown, OwnPassword>({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit((body) => {
    setOutcome(null);
    change.mutate(body, {
      onSuccess: () => {
        reset(EMPTY);
        setOutcome({ tone: "success", text: "Your password is changed. Other devices signed in with this account are signed out." });
      },
      onError: (error) => {
        if (!showFieldErrors(error, setError, ["currentPassword", "newPassword"])) setOutcome({ tone: "error", text: errorText(error) });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change your password" className="flex max-w-md flex-col gap-4" aria-busy={change.isPending}>
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
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
    </form>
  );
}
