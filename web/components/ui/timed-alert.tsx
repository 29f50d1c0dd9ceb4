import { useCallback, useEffect, useState } from "react";
import { DELAYS } from "#shared/constants.ts";
import { useLanguage } from "#web/lib/i18n-react.tsx";
import { Alert } from "./alert.tsx";

// The success and error alerts of the edit forms, shown for 3 s (§ "4. States and transitions"
// and 9). The live region is always in the page, so that a screen reader
// announces each new message, also the same text twice in a row.

export interface TimedMessage {
  tone: "success" | "error";
  /**
   * How to word the text, called at each render, not the words: a member who
   * switches language while the alert shows reads it in the new one (ADR
   * 0040). A text worded before, a string, is refused by the type; the
   * console's English texts are given the same way, `() => "Template saved."`.
   */
  text: () => string;
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
  // Renders again on a switch of language, whichever component holds it.
  useLanguage();
  return (
    <div aria-live="polite" aria-atomic="true" className={className}>
      {message ? (
        <Alert key={message.key} tone={message.tone} live={false} className={alertClassName}>
          {message.text()}
        </Alert>
      ) : null}
    </div>
  );
}
