import { useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Link } from "react-router";
import type { SignInBody, signInSchema } from "#shared/schemas/sign-in.ts";
import { forgotPasswordHref } from "../lib/forgot-password-link.ts";
import { useT } from "../lib/i18n-react.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import { lazyZodMiniResolver } from "../lib/zod-resolver.ts";
import { PasswordField, TextField } from "./ui/form-field.tsx";

// Profile ID and password, as the login screen and the request page's form
// both ask for them (§ "2. Screens and routes"), with the way to a WhatsApp code for a member
// who forgot the password or never set one; each form keeps its own button
// and outcome.

export interface SignInFormValues {
  pid: string;
  password: string;
}

/** § "5. Validation rules": the Profile ID is converted to a number before sending. */
function toSignInPayload(values: SignInFormValues): { pid: number | undefined; password: string } {
  const pid = values.pid.trim();
  return { pid: pid === "" ? undefined : Number(pid), password: values.password };
}

// Loaded on the first submit: the login page opened from WhatsApp keeps zod out of its first load (ADR 0031).
const resolver = lazyZodMiniResolver<SignInFormValues, typeof signInSchema>(() => import("#shared/schemas/sign-in.ts").then((module) => module.signInSchema), toSignInPayload);

/** The form's state, checked by the shared sign-in schema; `pid` fills the Profile ID in (after registering). */
export function useSignInForm(pid = "") {
  return useForm<SignInFormValues, unknown, SignInBody>({ resolver, defaultValues: { pid, password: "" } });
}

interface SignInFieldsProps {
  register: UseFormRegister<SignInFormValues>;
  control: Control<SignInFormValues, unknown, SignInBody>;
  errors: FieldErrors<SignInFormValues>;
  /** Where "Forgot password?" leads: the code by WhatsApp, then back here (ADR 0021); the Profile ID typed joins it. */
  forgotHref: string;
}

export function SignInFields({ register, control, errors, forgotHref }: SignInFieldsProps) {
  const t = useT();
  // The code's form starts with the Profile ID the member typed here. A
  // prerendered page (ADR 0031) keeps an adopted link's href as its HTML had
  // it: the Profile ID joins the link once the page is the application's.
  const typedPid = useWatch({ control, name: "pid" });
  const hydrated = useHydrated();
  return (
    <>
      <TextField
        label={t("signIn.profileId")}
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

      <PasswordField
        label={t("signIn.password")}
        error={errors.password?.message}
        autoComplete="current-password"
        enterKeyHint="go"
        aria-required="true"
        {...register("password")}
      />

      <p className="m-0 -mt-2 text-base">
        <Link
          to={hydrated ? forgotPasswordHref(forgotHref, typedPid) : forgotHref}
          className="inline-flex min-h-11 items-center font-semibold text-maroon-800 underline underline-offset-2"
        >
          {t("signIn.forgot")}
        </Link>
      </p>
    </>
  );
}
