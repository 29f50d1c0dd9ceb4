import { useForm } from "react-hook-form";
import { staffSignInSchema } from "../../../../shared/schemas/staff.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { PasswordField, TextField } from "../../../components/ui/form-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { useStaffSignIn, type StaffSignInBody } from "../api/sign-in.ts";

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
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues, unknown, StaffSignInBody>({ resolver, defaultValues: { username: "", password: "" } });

  const onSubmit = handleSubmit((body) => signIn.mutate(body, { onSuccess: onSignedIn }));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={signIn.isPending}>
      {signIn.isError ? <Alert tone="error">{failureText(signIn.error)}</Alert> : null}
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
