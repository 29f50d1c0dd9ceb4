// Which published list a /link shows (section 2: "the query id and/or wid
// must be present"): id is a day's date, wid a week's (ADR 0017). A link that
// carries both shows the day's list.
import { toStoredDisplayDate, weekStart } from "../../../../shared/dates.ts";
import { ISO_DATE } from "../../../../shared/schemas/public-page.ts";

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

/** The page's heading: the date as members read dates (dd-MM-yyyy, section 9); no date for what is not one. */
export function listHeading(list: PublicListRef | null): string {
  if (!list || !ISO_DATE.test(list.date)) return "Profiles";
  const date = toStoredDisplayDate(list.date);
  return list.week ? `Profiles of the Week of ${date}` : `Profiles of ${date}`;
}
