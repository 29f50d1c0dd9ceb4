import { useState } from "react";
import { useLocation } from "react-router";
import { SignInFields, useSignInForm } from "#web/components/sign-in-fields.tsx";
import { useSignIn } from "#web/lib/auth.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import type { MessageId } from "#web/lib/i18n.ts";
import type { RequestFailure } from "../lib/request-messages.ts";

// The request page's form (§ "2. Screens and routes"): Profile ID and password, a Submit
// button that reads "Sending..." while it works and "Failed" after a
// failure. It signs in with exactly what the member typed, then hands the
// signed-in Profile ID to the page, which sends the interest.

interface RequestSignInFormProps {
  /** Sends the interest as the member who just signed in; rejects with the call's error. */
  onSignedIn: (pid: number) => Promise<void>;
  /** Shows a failure above the form (the page owns the one alert). */
  onFailure: (failure: RequestFailure) => void;
  onStart: () => void;
}

type Status = "idle" | "sending" | "failed";

// § "2. Screens and routes" names the button Submit; a parent reads what it does (ADR 0015).
const BUTTON_LABEL: Record<Status, MessageId> = { idle: "phoneRequest.submit", sending: "phoneRequest.submitting", failed: "phoneRequest.failed" };

export function RequestSignInForm({ onSignedIn, onFailure, onStart }: RequestSignInFormProps) {
  const signIn = useSignIn();
  const t = useT();
  const location = useLocation();
  const [status, setStatus] = useState<Status>("idle");
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSignInForm();

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
      onFailure({ step: "signIn", error });
      return;
    }
    try {
      await onSignedIn(pid);
    } catch (error) {
      setStatus("failed");
      onFailure({ step: "interest", error });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onInput={onEdit} className="flex flex-col gap-5" aria-busy={status === "sending"}>
      {/* After the code, back to this request, which then goes out. */}
      <SignInFields register={register} control={control} errors={errors} forgotHref={`/forgot_password?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`} />
      <button type="submit" className="btn-primary w-full" disabled={status === "sending"}>
        {t(BUTTON_LABEL[status])}
      </button>
    </form>
  );
}
