// Which published list a /link shows (§ "2. Screens and routes": "the query id and/or wid
// must be present"): id is a day's date, wid a week's (ADR 0017). A link that
// carries both shows the day's list.
import { ISO_DATE, toStoredDisplayDate, weekStart } from "#shared/dates.ts";
import type { MessageId } from "#shared/i18n/en.ts";
import { INTL_LOCALES, type Language } from "#shared/i18n/language.ts";

export interface PublicListRef {
  date: string;
  week: boolean;
}

export function publicListFrom(params: URLSearchParams): PublicListRef | null {
  const day = params.get("id")?.trim();
  if (day) return { date: day, week: false };
  const week = params.get("wid")?.trim();
  if (!week) return null;
  // Any day of a week finds its list, which is dated by its Monday (the server does the same).
  return { date: ISO_DATE.test(week) ? weekStart(week) : week, week: true };
}

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
