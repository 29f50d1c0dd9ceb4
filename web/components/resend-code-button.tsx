import { useEffect, useState } from "react";
import { useRequestPasswordCode } from "../lib/auth.ts";

/** The server sends codes at most a minute apart; the button waits as long. */
const WAIT_SECONDS = 60;

/**
 * "Send a new code" for a member who knows their Profile ID and WhatsApp
 * number (just registered, or just asked): it waits a minute between codes,
 * counting down, so a tap that the server would ignore is never offered.
 */
export function ResendCodeButton({ pid, mobile, sentAt }: { pid: number; mobile: string; sentAt: number }) {
  const resend = useRequestPasswordCode();
  const [now, setNow] = useState(() => Date.now());
  const last = resend.isSuccess ? resend.submittedAt : sentAt;
  const wait = Math.max(0, Math.ceil((last + WAIT_SECONDS * 1000 - now) / 1000));

  useEffect(() => {
    if (wait === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [wait, now]);

  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn-outline w-full" disabled={wait > 0 || resend.isPending} onClick={() => resend.mutate({ pid, mobile })}>
        {resend.isPending ? "Sending..." : wait > 0 ? `Send a new code (in ${wait} s)` : "Send a new code"}
      </button>
      <p role="status" className="m-0 text-sm text-ink-muted">
        {resend.isSuccess ? "A new code is on its way. Only the newest code works." : ""}
        {resend.isError ? "The new code could not be asked for. Please check your connection and try again." : ""}
      </p>
    </div>
  );
}
