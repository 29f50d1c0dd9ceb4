import { useEffect, useState } from "react";
import { useT } from "#web/lib/i18n-react.tsx";

// Copies a Profile ID, a link for pasting into WhatsApp, or a new staff
// password. The clipboard API needs a secure context (https or localhost);
// where it is missing or refused, the text shown beside the button is copied
// by hand.

export function CopyButton({ text, label, what }: { text: string; label?: string; what: string }) {
  const t = useT();
  const name = label ?? t("common.copy");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className="btn-quiet" aria-label={`${name} ${what}`} onClick={() => void copy()}>
        {state === "copied" ? t("common.copied") : name}
      </button>
      <span role="status" className="text-sm text-ink-muted">
        {state === "failed" ? t("common.copyFailed") : ""}
      </span>
    </span>
  );
}
