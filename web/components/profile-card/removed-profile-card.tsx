import type { ReactNode } from "react";
import type { RemovedProfile } from "#shared/api-types.ts";
import { useLanguage, useT } from "#web/lib/i18n-react.tsx";

// Where a member who deleted their profile stood in another member's list
// (ADR 0034): until the data is erased the list still names the Profile ID,
// and nothing else of theirs; then it leaves the list. Shared by every list
// that shows cards, like the card itself.

export function isRemovedProfile<T extends { pid: number }>(card: T | RemovedProfile): card is RemovedProfile {
  return "removed" in card && card.removed === true;
}

export function RemovedProfileCard({ pid, actions }: { pid: number; actions?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  return (
    <article className="card flex w-full flex-col gap-3 px-4 py-4" aria-label={t("card.removedName", { pid })} data-testid="removed-profile">
      <div className="flex items-center gap-3">
        <div aria-hidden="true" className="flex h-16 w-14 shrink-0 items-center justify-center rounded-lg border border-dashed border-line bg-[#f7f1ec] text-ink-muted">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c0-4 4-6 8-6s8 2 8 6M3 3l18 18" />
          </svg>
        </div>
        <div className="min-w-0">
          <p className="m-0 text-lg font-bold text-ink">{t("card.removedTitle")}</p>
          <p className="m-0 text-base text-ink-muted">{t("card.removedText", { pid })}</p>
          {/* In English the Telugu line stays for the family member who reads Telugu. */}
          {language === "en" ? (
            <p lang="te" className="m-0 text-sm text-ink-muted">
              ఈ ప్రొఫైల్ తొలగించబడింది.
            </p>
          ) : null}
        </div>
      </div>
      {actions}
    </article>
  );
}
