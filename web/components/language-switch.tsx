import { useState, useTransition } from "react";
import { LANGUAGE_NAMES, type Language } from "#shared/i18n/language.ts";
import { rememberLanguage } from "../lib/device-language.ts";
import { activateLanguage } from "../lib/i18n.ts";
import { useLanguage, useT } from "../lib/i18n-react.tsx";
import { saveLanguageOnProfile } from "../lib/member-language.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * English / తెలుగు, one tap, on every screen (ADR 0040): the button names the
 * other language in that language, so a reader of either finds it. The
 * device remembers the choice, and a signed-in member's profile too; when
 * the profile cannot be told, the switch stays and the member is told.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const language = useLanguage();
  const t = useT();
  const [switching, startSwitch] = useTransition();
  const [saveFailed, setSaveFailed] = useState(false);
  // On a prerendered page the button is there before the code that switches.
  const hydrated = useHydrated();
  const other: Language = language === "en" ? "te" : "en";

  const choose = () => {
    startSwitch(async () => {
      await activateLanguage(other);
      rememberLanguage(other);
    });
    // Saved beside the switch, not in it: the screens change at once however slow the network.
    saveLanguageOnProfile(other).then(
      () => setSaveFailed(false),
      () => setSaveFailed(true),
    );
  };

  return (
    <>
      <button
        type="button"
        lang={other}
        aria-label={t("language.switchTo", { language: LANGUAGE_NAMES[other] })}
        aria-busy={switching || undefined}
        data-testid="language-switch"
        className={`flex min-h-12 shrink-0 items-center rounded-lg border-2 border-white/60 px-3 text-base font-semibold text-white hover:bg-maroon-800 focus-visible:outline-saffron-300 disabled:opacity-70 ${className}`}
        disabled={switching || !hydrated}
        onClick={choose}
      >
        {LANGUAGE_NAMES[other]}
      </button>
      {saveFailed ? (
        <div role="alert" className="fixed inset-x-0 bottom-0 z-50 p-3">
          <button
            type="button"
            className="mx-auto block w-full max-w-xl rounded-lg bg-maroon-900 px-4 py-3 text-left text-base text-white shadow-lg"
            onClick={() => setSaveFailed(false)}
          >
            {t("language.saveFailed")}
          </button>
        </div>
      ) : null}
    </>
  );
}
