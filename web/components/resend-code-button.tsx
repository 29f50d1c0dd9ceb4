import { useEffect, useState } from "react";
import { useRequestPasswordCode } from "../lib/auth.ts";
import { useT } from "../lib/i18n-react.tsx";

/** The server sends codes at most a minute apart; the button waits as long. */
const WAIT_SECONDS = 60;

/**
 * "Send a new code" for a member who knows their Profile ID and WhatsApp
 * number (just registered, or just asked): it waits a minute between codes,
 * counting down, so a tap that the server would ignore is never offered.
 */
export function ResendCodeButton({ pid, mobile, sentAt, onSent }: { pid: number; mobile: string; sentAt: number; onSent?: (at: number) => void }) {
  const t = useT();
  const resend = useRequestPasswordCode();
  const [now, setNow] = useState(() => Date.now());
  const last = resend.isSuccess ? resend.submittedAt : sentAt;
  const wait = Math.max(0, Math.ceil((last + WAIT_SECONDS * 1000 - now) / 1000));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is the trigger: each tick schedules the next.
  useEffect(() => {
    if (wait === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [wait, now]);

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-outline w-full"
        disabled={wait > 0 || resend.isPending}
        onClick={() => {
          // `now` stops ticking once a wait is over: set on the tap, or the next
          // wait would count from the last tick and show too many seconds.
          setNow(Date.now());
          resend.mutate({ pid, mobile }, { onSuccess: () => onSent?.(Date.now()) });
        }}
      >
        {resend.isPending ? t("code.resending") : wait > 0 ? t("code.resendIn", { seconds: wait }) : t("code.resend")}
      </button>
      <p role="status" className="m-0 text-sm text-ink-muted">
        {resend.isSuccess ? t("code.resent") : ""}
        {resend.isError ? t("code.resendFailed") : ""}
      </p>
    </div>
  );
}
