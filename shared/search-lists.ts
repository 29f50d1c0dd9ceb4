// The reference lists /search shows names from (§ "2. Screens and routes": they load before the
// page renders; they name the cards' values, fill the filters and label the
// filter chips). The Worker sends their answers with the pages that open
// /search (ADR 0031), and the screen reads them from there instead of
// asking the API for each: both sides name them here.
import type { CurrentUser, LookupItem, ProfilePage } from "./api-types.ts";

/** Stars and raasis too, for the filters; districts are asked for by state. */
export const SEARCH_LISTS = [
  "heights",
  "subcastes",
  "religions",
  "basic_education",
  "profession_types",
  "annual_income",
  "family_background",
  "states",
  "stars",
  "raasis",
] as const;

export type SearchListName = (typeof SEARCH_LISTS)[number];
export type SearchLists = Record<SearchListName, LookupItem[]>;

/**
 * The element (`<script type="application/json">`, data the CSP does not
 * run) in which the Worker sends the lists: all of them, each exactly as
 * `GET /api/<name>` answers it, or no element at all.
 */
export const SEARCH_LISTS_DATA_ID = "search-lists-data";

/**
 * A signed-in member's /search opened without a search in its address
 * (ADR 0041): the page also carries who the member is and the first page of
 * the simple list, exactly as `GET /api/users/current` and
 * `GET /api/Simple_Search_Profiles` answer them, and its #root shows them.
 */
export const SEARCH_PAGE_DATA_ID = "search-page-data";

export interface SearchPageData {
  user: CurrentUser;
  list: ProfilePage;
}
