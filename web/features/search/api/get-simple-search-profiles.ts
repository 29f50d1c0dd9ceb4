// GET /api/Simple_Search_Profiles (§ "7. The calls the product makes"): the browse list, grouped by
// tier or newest first. The server wraps the page around and gives FREE and
// expired members the first page only (`paging` false).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import type { SearchOrder } from "../lib/search-query.ts";

/** Every list of this feature sits under ["search"], so one invalidation refreshes them all. */
export const searchQueryKey = ["search"] as const;

export function getSimpleSearchProfiles(page: number, order: SearchOrder, signal?: AbortSignal) {
  return apiRequest("GET /Simple_Search_Profiles", { query: { page, order }, signal });
}

export function simpleSearchProfilesQueryOptions(page: number, order: SearchOrder) {
  return queryOptions({
    queryKey: [...searchQueryKey, "simple", { page, order }],
    queryFn: ({ signal }) => getSimpleSearchProfiles(page, order, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSimpleSearchProfiles(page: number, order: SearchOrder, options: { enabled?: boolean } = {}) {
  return useQuery({ ...simpleSearchProfilesQueryOptions(page, order), enabled: options.enabled ?? true });
}
