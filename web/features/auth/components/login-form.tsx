import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { DELAYS } from "../../../../shared/constants.ts";
import { MESSAGES } from "../../../../shared/messages.ts";
import { signInSchema, type SignInBody } from "../../../../shared/schemas/sign-in.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { TextField } from "../../../components/ui/form-field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useSignIn } from "../../../lib/auth.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";

interface LoginFormValues {
  pid: string;
  password: string;
}

/** Section 5: the Profile ID is converted to a number before sending. */
function toSignInPayload(values: LoginFormValues): { pid: number | undefined; password: string } {
  const pid = values.pid.trim();
  return { pid: pid === "" ? undefined : Number(pid), password: values.password };
}

const resolver = zodMiniResolver<LoginFormValues, typeof signInSchema>(signInSchema, toSignInPayload);

/**
 * Section 8: a 400 (wrong ID or password) or 429 (too many attempts) carries
 * the text to show in `err`; anything else shows the default text.
 */
function signInFailureText(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.err) return error.err;
  return MESSAGES.loginFailed;
}

export function LoginForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [signedIn, setSignedIn] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, SignInBody>({ resolver, defaultValues: { pid: "", password: "" } });

  // Section 2: the member goes to /search 500 ms after a successful login.
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate("/search"), DELAYS.redirectAfterLogin);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate]);

  const onSubmit = handleSubmit((body) => {
    signIn.mutate(body, { onSuccess: () => setSignedIn(true) });
  });

  const busy = signIn.isPending || signedIn;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      {signIn.isError ? <Alert tone="error">{signInFailureText(signIn.error)}</Alert> : null}
      {signedIn ? <Alert tone="success">Login successful.</Alert> : null}

      <TextField
        label="Profile ID"
        error={errors.pid?.message}
        inputMode="numeric"
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="next"
        aria-required="true"
        {...register("pid")}
      />

      <div>
        <TextField
          label="Password"
          error={errors.password?.message}
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          aria-required="true"
          {...register("password")}
        />
        {/* Passwords arrive by WhatsApp and are typed on a phone: seeing them avoids typos. */}
        <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 text-base text-ink">
          <input
            type="checkbox"
            className="h-5 w-5 accent-maroon-700"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
          Show password
        </label>
      </div>

      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? "Signing in..." : "Login"}
      </button>
    </form>
  );
}
