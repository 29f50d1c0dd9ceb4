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

/** A Profile ID as a link may carry it. */
const PROFILE_ID = /^\d{1,10}$/;

export function LoginForm() {
  const t = useT();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [signedIn, setSignedIn] = useState(false);
  const [params] = useSearchParams();
  // After registering, the page links here with the new Profile ID filled in.
  const givenPid = params.get("pid") ?? "";
  const pid = PROFILE_ID.test(givenPid) ? givenPid : "";
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSignInForm(pid);

  // § "2. Screens and routes": the member goes to /search 500 ms after a successful login, or,
  // sent here by /link's "Login to see Phone Number" (ADR 0017), on to that
  // profile. Only a Profile ID is read, so the query cannot send a member
  // anywhere else; nothing rendered depends on it, so the page prerendered
  // without a query hydrates as it is (ADR 0031).
  const profile = params.get("profile") ?? "";
  const destination = PROFILE_ID.test(profile) ? `/search_id?pid=${profile}` : "/search";
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate(destination), DELAYS.redirectAfterLogin);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, destination]);

  const onSubmit = handleSubmit((body) => {
    signIn.mutate(body, { onSuccess: () => setSignedIn(true) });
  });

  const busy = signIn.isPending || signedIn;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-busy={busy}>
      {signIn.isError ? <Alert tone="error">{signInFailureText(signIn.error)}</Alert> : null}
      {signedIn ? <Alert tone="success">{t("login.succeeded")}</Alert> : null}

      {/* The Profile ID in the field, the link's or one typed, goes with "Forgot password?". */}
      <SignInFields register={register} control={control} errors={errors} forgotHref="/forgot_password" />

      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("login.signingIn") : t("login.submit")}
      </button>
    </form>
  );
}
