import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { DELAYS } from "#shared/constants.ts";
import { SignInFields, useSignInForm } from "#web/components/sign-in-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import { useSignIn } from "#web/lib/auth.ts";
import { translate } from "#web/lib/i18n.ts";
import { useT } from "#web/lib/i18n-react.tsx";

/**
 * § "8. Error catalogue": a 400 (wrong ID or password) or 429 (too many attempts) carries
 * the text to show in `err`; anything else shows the default text.
 */
function signInFailureText(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.err) return error.err;
  return translate("login.failed");
}

export function LoginForm() {
  const t = useT();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [signedIn, setSignedIn] = useState(false);
  // After registering, the page links here with the new Profile ID filled in.
  const givenPid = useSearchParams()[0].get("pid") ?? "";
  const pid = /^\d{1,10}$/.test(givenPid) ? givenPid : "";
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSignInForm(pid);

  // § "2. Screens and routes": the member goes to /search 500 ms after a successful login.
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
      {signedIn ? <Alert tone="success">{t("login.succeeded")}</Alert> : null}

      <SignInFields register={register} errors={errors} forgotHref={pid ? `/forgot_password?pid=${pid}` : "/forgot_password"} />

      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("login.signingIn") : t("login.submit")}
      </button>
    </form>
  );
}
