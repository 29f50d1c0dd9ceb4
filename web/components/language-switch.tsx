import { useTransition } from "react";
import { LANGUAGE_NAMES, type Language } from "../../shared/i18n/language.ts";
import { activateLanguage, rememberLanguage } from "../lib/i18n.ts";
import { useLanguage, useT } from "../lib/i18n-react.tsx";

/**
 * English / తెలుగు, one tap, on every screen (ADR 0040): the button names the
 * other language in that language, so a reader of either finds it. The
 * device remembers the choice.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const language = useLanguage();
  const t = useT();
  const [switching, startSwitch] = useTransition();
  const other: Language = language === "en" ? "te" : "en";

  const choose = () =>
    startSwitch(async () => {
      await activateLanguage(other);
      rememberLanguage(other);
    });

  return (
    <button
      type="button"
      lang={other}
      aria-label={t("language.switchTo", { language: LANGUAGE_NAMES[other] })}
      aria-busy={switching || undefined}
      data-testid="language-switch"
      className={`flex min-h-12 shrink-0 items-center rounded-lg border-2 border-white/60 px-3 text-base font-semibold text-white hover:bg-maroon-800 focus-visible:outline-saffron-300 disabled:opacity-70 ${className}`}
      disabled={switching}
      onClick={choose}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
