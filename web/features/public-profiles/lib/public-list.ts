// The heading of a /link page for its list (shared/public-list.ts), with the
// list's date as each language writes it.
import { ISO_DATE, toStoredDisplayDate } from "#shared/dates.ts";
import type { MessageId } from "#shared/i18n/en.ts";
import { INTL_LOCALES, type Language } from "#shared/i18n/language.ts";
import type { PublicListRef } from "#shared/public-list.ts";

/** The page's heading: its message and the list's date (ISO), or no date for what is not one. */
export function listHeading(list: PublicListRef | null): { id: MessageId; date?: string } {
  if (!list || !ISO_DATE.test(list.date)) return { id: "public.heading" };
  return { id: list.week ? "public.headingWeek" : "public.headingDay", date: list.date };
}

/**
 * The date as each language's readers write it: dd-MM-yyyy in English
 * (§ "9. Business constants and limits"), "21 నవంబర్, 2026" in Telugu (Intl te-IN, ADR 0040).
 */
export function listDate(isoDate: string, language: Language): string {
  if (language === "en") return toStoredDisplayDate(isoDate);
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
