import { useCallback, useEffect, useState } from "react";
import { DELAYS } from "#shared/constants.ts";
import { Alert } from "./alert.tsx";

// The success and error alerts of the edit forms, shown for 3 s (§ "4. States and transitions"
// and 9). The live region is always in the page, so that a screen reader
// announces each new message, also the same text twice in a row.

export interface TimedMessage {
  tone: "success" | "error";
  /** The text, or how to word it: worded at each render, so a language switch while it shows re-words it. */
  text: string | (() => string);
  /** Tells two identical messages apart, so the timer restarts. */
  key: number;
}

export function useTimedAlert(durationMs: number = DELAYS.alert) {
  const [message, setMessage] = useState<TimedMessage | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), durationMs);
    return () => window.clearTimeout(timer);
  }, [message, durationMs]);

  const show = useCallback((tone: TimedMessage["tone"], text: TimedMessage["text"]) => setMessage({ tone, text, key: Date.now() }), []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}

export function TimedAlert({ message, className = "", alertClassName = "" }: { message: TimedMessage | null; className?: string; alertClassName?: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" className={className}>
      {message ? (
        <Alert key={message.key} tone={message.tone} live={false} className={alertClassName}>
          {typeof message.text === "function" ? message.text() : message.text}
        </Alert>
      ) : null}
    </div>
  );
}
