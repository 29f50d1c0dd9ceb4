// Which published list a /link shows (section 2: "the query id and/or wid
// must be present"): id is a day's date, wid a week's (ADR 0017). A link that
// carries both shows the day's list.
import { toStoredDisplayDate } from "../../../../shared/dates.ts";

export interface PublicListRef {
  date: string;
  week: boolean;
}

export function publicListFrom(params: URLSearchParams): PublicListRef | null {
  const day = params.get("id")?.trim();
  if (day) return { date: day, week: false };
  const week = params.get("wid")?.trim();
  return week ? { date: week, week: true } : null;
}

/** yyyy-mm-dd as members read dates (dd-MM-yyyy, section 9); anything else as it came. */
export function displayListDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? toStoredDisplayDate(date) : date;
}
