import { NOTICE_LANGUAGES, type NoticeLanguage } from "#shared/privacy-notice.ts";
import { useT } from "#web/lib/i18n-react.tsx";

// English or Telugu, one tap: each language is the whole notice on its own,
// and on a phone two languages one under the other would double its length.

const LABELS: Record<NoticeLanguage, string> = { en: "English", te: "తెలుగు" };

export function LanguageSwitch({ value, onChange }: { value: NoticeLanguage; onChange: (language: NoticeLanguage) => void }) {
  const t = useT();
  return (
    <div role="group" aria-label={t("privacy.noticeLanguage")} className="flex gap-2">
      {NOTICE_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={value === language}
          className={`tab min-w-28 ${value === language ? "tab-active" : ""}`}
          onClick={() => onChange(language)}
        >
          {LABELS[language]}
        </button>
      ))}
    </div>
  );
}
