// The reference lists /search shows names from (§ "2. Screens and routes": they load before
// the page renders; they name the cards' values, fill the filters and label
// the filter chips). One suspending query loads them all at once: asking for
// each list with useSuspenseQueries would bring the query library's observer
// of many queries into the screen's first load (ADR 0031) for the same
// requests, made side by side here as there.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import type { LookupItem } from "#shared/api-types.ts";
import { referenceListQueryOptions, type ReferenceListName } from "#web/lib/reference-lists.ts";

/** Stars and raasis too, for the filters; districts are asked for by state. */
const SEARCH_LISTS = [
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
] as const satisfies readonly ReferenceListName[];

const LISTS_KEPT_MS = 60 * 60 * 1000;

export type SearchListName = (typeof SEARCH_LISTS)[number];
export type SearchLists = Record<SearchListName, LookupItem[]>;

/**
 * Suspends until every list is in the cache, each under its own key (where
 * the cards and the filters read it), and returns them by name. Called with
 * one key everywhere, so a second caller finds them without suspending.
 */
export function useSearchLists(): SearchLists {
  const client = useQueryClient();
  return useSuspenseQuery({
    queryKey: ["search-lists", ...SEARCH_LISTS],
    queryFn: async () => {
      const lists = await Promise.all(SEARCH_LISTS.map((name) => client.ensureQueryData(referenceListQueryOptions(name))));
      return Object.fromEntries(SEARCH_LISTS.map((name, index) => [name, lists[index]])) as SearchLists;
    },
    // Kept as long as the lists themselves (lib/reference-lists.ts).
    staleTime: LISTS_KEPT_MS,
    gcTime: LISTS_KEPT_MS,
  }).data;
}
