import { staffSignInSchema } from "#shared/schemas/staff.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { PasswordField, TextField } from "#web/components/ui/form-field.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { useStaffSignIn, type StaffSignInBody } from "../api/sign-in.ts";
import { useConsoleForm } from "../lib/use-console-form.ts";

interface SignInValues {
  username: string;
  password: string;
}

const resolver = zodMiniResolver<SignInValues, typeof staffSignInSchema>(staffSignInSchema, (values) => values);

/** A wrong password answers 400 with `err`; back-off answers 429 with how long to wait. */
function failureText(error: unknown): string {
  if (isApiError(error)) return error.err ?? error.error;
  return "Could not sign in. Please try again.";
}

export function StaffSignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useStaffSignIn();
  const {
    register,
    onSubmit,
    send,
    failure,
    formState: { errors },
  } = useConsoleForm<SignInValues, StaffSignInBody>({ resolver, defaultValues: { username: "", password: "" }, fields: [] });

  const submit = onSubmit((body) => send(signIn.mutate, body, { onSuccess: onSignedIn, failureText }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={signIn.isPending}>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label="Username"
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        aria-required="true"
        {...register("username")}
      />
      <PasswordField label="Password" error={errors.password?.message} autoComplete="current-password" aria-required="true" {...register("password")} />
      <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in..." : "Sign in"}
      </button>
    </form>
  );
}
