import { useState } from "react";
import { useForm } from "react-hook-form";
import { staffSignInSchema } from "../../../../shared/schemas/staff.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { TextField } from "../../../components/ui/form-field.tsx";
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
  const [showPassword, setShowPassword] = useState(false);
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
      <div>
        <TextField
          label="Password"
          error={errors.password?.message}
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          aria-required="true"
          {...register("password")}
        />
        <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 text-base text-ink">
          <input type="checkbox" className="h-5 w-5 accent-maroon-700" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
          Show password
        </label>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in..." : "Sign in"}
      </button>
    </form>
  );
}
