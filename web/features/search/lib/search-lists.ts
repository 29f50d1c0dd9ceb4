// The reference lists /search shows names from (§ "2. Screens and routes": they load before
// the page renders; they name the cards' values, fill the filters and label
// the filter chips). One suspending query loads them all at once: asking for
// each list with useSuspenseQueries would bring the query library's observer
// of many queries into the screen's first load (ADR 0031) for the same
// requests, made side by side here as there.
import { useQueryClient, useSuspenseQuery, type QueryClient } from "@tanstack/react-query";
import { SEARCH_LISTS, SEARCH_LISTS_DATA_ID, type SearchLists } from "#shared/search-lists.ts";
import { takePageData } from "#web/lib/page-data.ts";
import { keepReferenceLists, referenceListQueryOptions } from "#web/lib/reference-lists.ts";

const LISTS_KEPT_MS = 60 * 60 * 1000;

/** Where the lists are kept together; the Worker's render (web/app/edge-render.tsx) puts them there too. */
export const SEARCH_LISTS_QUERY_KEY = ["search-lists", ...SEARCH_LISTS] as const;

/**
 * Suspends until every list is in the cache, each under its own key (where
 * the cards and the filters read it), and returns them by name. Called with
 * one key everywhere, so a second caller finds them without suspending. The
 * first call takes the lists the page came with, when it did, and asks for
 * nothing.
 */
export function useSearchLists(): SearchLists {
  const client = useQueryClient();
  return useSuspenseQuery({
    queryKey: SEARCH_LISTS_QUERY_KEY,
    queryFn: async () => {
      const lists = await Promise.all(SEARCH_LISTS.map((name) => client.ensureQueryData(referenceListQueryOptions(name))));
      return Object.fromEntries(SEARCH_LISTS.map((name, index) => [name, lists[index]])) as SearchLists;
    },
    initialData: () => keepListsSentWithPage(client),
    // Kept as long as the lists themselves (lib/reference-lists.ts).
    staleTime: LISTS_KEPT_MS,
    gcTime: LISTS_KEPT_MS,
  }).data;
}

/**
 * The lists the Worker sent with the page (worker/edge/search-list-data.ts),
 * each kept under its own list's key as if the API had answered it. Read
 * once: the element is removed, and a later visit (after a sign-out, when
 * the cache was emptied) asks the API.
 */
function keepListsSentWithPage(client: QueryClient): SearchLists | undefined {
  const lists = takePageData<SearchLists>(SEARCH_LISTS_DATA_ID);
  if (lists) keepReferenceLists(client, lists, SEARCH_LISTS);
  return lists;
}
