import { useState } from "react";
import { useForm } from "react-hook-form";
import { signInSchema, type SignInBody } from "../../../../shared/schemas/sign-in.ts";
import { TextField } from "../../../components/ui/form-field.tsx";
import { useSignIn } from "../../../lib/auth.ts";
import { zodMiniResolver } from "../../../lib/zod-resolver.ts";
import { signInFailureText } from "../lib/request-messages.ts";

// The request page's form (section 2): Profile ID and password, a Submit
// button that reads "Sending..." while it works and "Failed" after a
// failure. It signs in with exactly what the member typed, then hands the
// signed-in Profile ID to the page, which sends the interest.

interface FormValues {
  pid: string;
  password: string;
}

/** Section 5: the Profile ID is converted to a number before sending. */
function toSignInPayload(values: FormValues): { pid: number | undefined; password: string } {
  const pid = values.pid.trim();
  return { pid: pid === "" ? undefined : Number(pid), password: values.password };
}

const resolver = zodMiniResolver<FormValues, typeof signInSchema>(signInSchema, toSignInPayload);

interface RequestSignInFormProps {
  phone: string;
  /** Sends the interest as the member who just signed in; rejects with the text to show. */
  onSignedIn: (pid: number) => Promise<void>;
  /** Shows a failure above the form (the page owns the one alert). */
  onFailure: (text: string) => void;
  onStart: () => void;
}

type Status = "idle" | "sending" | "failed";

const BUTTON_LABEL: Record<Status, string> = { idle: "Submit", sending: "Sending...", failed: "Failed" };

export function RequestSignInForm({ phone, onSignedIn, onFailure, onStart }: RequestSignInFormProps) {
  const signIn = useSignIn();
  const [status, setStatus] = useState<Status>("idle");
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, SignInBody>({ resolver, defaultValues: { pid: "", password: "" } });

  // "Failed" stays until the member changes what they typed.
  const onEdit = () => {
    if (status === "failed") setStatus("idle");
  };

  const onSubmit = handleSubmit(async (body) => {
    setStatus("sending");
    onStart();
    let pid: number;
    try {
      pid = (await signIn.mutateAsync(body)).pid;
    } catch (error) {
      setStatus("failed");
      onFailure(signInFailureText(error, phone));
      return;
    }
    try {
      await onSignedIn(pid);
    } catch (error) {
      setStatus("failed");
      onFailure(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onInput={onEdit} className="flex flex-col gap-5" aria-busy={status === "sending"}>
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
          <input type="checkbox" className="h-5 w-5 accent-maroon-700" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
          Show password
        </label>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={status === "sending"}>
        {BUTTON_LABEL[status]}
      </button>
    </form>
  );
}
