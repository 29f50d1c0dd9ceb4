// Which published list a /link shows (§ "2. Screens and routes": "the query id and/or wid
// must be present"): id is a day's date, wid a week's (ADR 0017). A link that
// carries both shows the day's list. The page reads it, and so does the
// Worker, which sends the list's answers with the page (ADR 0031).
import type { LookupItem, PublicCard, PublicMessage } from "./api-types.ts";
import { ISO_DATE, weekStart } from "./dates.ts";

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

/**
 * The element (`<script type="application/json">`, data the CSP does not
 * run) in which the Worker sends a /link page the public API's answers for
 * its list: each is there only when the API answered it with 200.
 */
export const PUBLIC_LIST_DATA_ID = "public-list-data";

/** The reference lists a public card shows values from (public-card.tsx's ListValue): in Telugu, by their Telugu names. */
export const PUBLIC_CARD_LISTS = ["heights", "subcastes", "religions"] as const;
export type PublicCardLists = Record<(typeof PUBLIC_CARD_LISTS)[number], LookupItem[]>;

export interface PublicListData extends PublicListRef {
  profiles?: PublicCard[];
  messages?: PublicMessage[];
  /** The seed of the messages' random places between the cards, so the browser places them where the Worker's render did. */
  seed?: number;
  /** On a Telugu page, the lists the cards name values from, so that the cards come in Telugu at once. */
  lists?: PublicCardLists;
}
