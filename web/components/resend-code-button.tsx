import { useEffect, useState } from "react";
import { useRequestPasswordCode } from "../lib/auth.ts";
import { useT } from "../lib/i18n-react.tsx";

/** The server sends codes at most a minute apart. */
const WAIT_SECONDS = 60;

/**
 * Seconds left before another code may be asked for, counting down each
 * second, after a code sent at `sentAt` (ms; null: none sent yet). The
 * server sends codes at most a minute apart, so a button that waits as long
 * never offers a tap it would refuse.
 */
export function useCodeWait(sentAt: number | null): { wait: number; restart: () => void } {
  const [now, setNow] = useState(() => Date.now());
  // At most the minute itself: `now` is taken on the tap, a moment before the mutation notes when it was sent.
  const wait = sentAt === null ? 0 : Math.min(WAIT_SECONDS, Math.max(0, Math.ceil((sentAt + WAIT_SECONDS * 1000 - now) / 1000)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is the trigger: each tick schedules the next.
  useEffect(() => {
    if (wait === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [wait, now]);

  // `now` stops ticking once a wait is over: set on a tap, or the next wait
  // would count from the last tick and show too many seconds.
  return { wait, restart: () => setNow(Date.now()) };
}

/**
 * "Send a new code" for a member who knows their Profile ID and WhatsApp
 * number (just registered, or just asked): it waits a minute between codes,
 * counting down (useCodeWait).
 */
export function ResendCodeButton({ pid, mobile, sentAt, onSent }: { pid: number; mobile: string; sentAt: number; onSent?: (at: number) => void }) {
  const t = useT();
  const resend = useRequestPasswordCode();
  const { wait, restart } = useCodeWait(resend.isSuccess ? resend.submittedAt : sentAt);

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn-outline w-full"
        disabled={wait > 0 || resend.isPending}
        onClick={() => {
          restart();
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
