import { useState } from "react";
import type { PendingMobile } from "#shared/api-types.ts";
import { CodeSentNote } from "#web/components/code-sent-note.tsx";
import { TextField } from "#web/components/ui/form-field.tsx";
import { isApiError } from "#web/lib/api-client.ts";
import type { MessageId } from "#web/lib/i18n.ts";
import { useT } from "#web/lib/i18n-react.tsx";
import { formatPhone } from "#shared/phone.ts";
import { useConfirmMobile } from "../api/confirm-mobile.ts";

// A new WhatsApp number waits for the code sent to it (ADR 0021): messages
// reach the member only on a number they hold, so it is stored once the code
// comes back. Until then the confirmed number stays.
export function MobileConfirmation({ pid, current, pending, onConfirmed }: { pid: number; current: string; pending: PendingMobile; onConfirmed: (mobile: string) => void }) {
  const t = useT();
  const confirm = useConfirmMobile(pid);
  const [code, setCode] = useState("");
  // What is wrong: a catalogue message, worded at each render so that a switch
  // of language re-words it (ADR 0040), or the server's refusal in the words
  // it answered with (a wrong code, how many tries are left).
  const [problem, setProblem] = useState<MessageId | { server: string } | null>(null);
  const error = problem === null ? undefined : typeof problem === "string" ? t(problem) : problem.server;

  const onConfirm = () => {
    const digits = code.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(digits)) {
      setProblem(digits === "" ? "validation.codeRequired" : "validation.codeFormat");
      return;
    }
    setProblem(null);
    confirm.mutate(digits, {
      // The record now has the number: this box goes, and the form says so.
      onSuccess: (user) => onConfirmed(user.mobileNo),
      onError: (failure) => setProblem(isApiError(failure) && failure.fromServer ? { server: failure.error } : "editProfile.confirmMobile.failed"),
    });
  };

  return (
    <section aria-labelledby="confirm-mobile-heading" className="rounded-lg border-2 border-saffron-500 bg-saffron-50 px-4 py-4">
      <h3 id="confirm-mobile-heading" className="m-0 text-lg font-bold text-maroon-800">
        {t("editProfile.confirmMobile.heading")}
      </h3>
      <div className="mt-2 flex flex-col gap-2 text-base text-ink">
        <CodeSentNote code={pending.code} mobile={pending.mobile} />
        <p className="m-0">{t("editProfile.confirmMobile.until", { mobile: formatPhone(current) })}</p>
      </div>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={t("setPassword.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          className="sm:flex-1"
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter confirms the code, not the parents form around it.
            if (event.key === "Enter") {
              event.preventDefault();
              onConfirm();
            }
          }}
        />
        <button type="button" className="btn-primary sm:mt-8" disabled={confirm.isPending} onClick={onConfirm}>
          {confirm.isPending ? t("editProfile.confirmMobile.checking") : t("editProfile.confirmMobile.submit")}
        </button>
      </div>
    </section>
  );
}
