import { useForm, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { signInSchema, type SignInBody } from "../../shared/schemas/sign-in.ts";
import { zodMiniResolver } from "../lib/zod-resolver.ts";
import { PasswordField, TextField } from "./ui/form-field.tsx";

// Profile ID and password, as the login screen and the request page's form
// both ask for them (section 2); each form keeps its own button and outcome.

export interface SignInFormValues {
  pid: string;
  password: string;
}

/** Section 5: the Profile ID is converted to a number before sending. */
function toSignInPayload(values: SignInFormValues): { pid: number | undefined; password: string } {
  const pid = values.pid.trim();
  return { pid: pid === "" ? undefined : Number(pid), password: values.password };
}

const resolver = zodMiniResolver<SignInFormValues, typeof signInSchema>(signInSchema, toSignInPayload);

/** The form's state, checked by the shared sign-in schema. */
export function useSignInForm() {
  return useForm<SignInFormValues, unknown, SignInBody>({ resolver, defaultValues: { pid: "", password: "" } });
}

interface SignInFieldsProps {
  register: UseFormRegister<SignInFormValues>;
  errors: FieldErrors<SignInFormValues>;
}

export function SignInFields({ register, errors }: SignInFieldsProps) {
  return (
    <>
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

      <PasswordField
        label="Password"
        error={errors.password?.message}
        autoComplete="current-password"
        enterKeyHint="go"
        aria-required="true"
        {...register("password")}
      />
    </>
  );
}
