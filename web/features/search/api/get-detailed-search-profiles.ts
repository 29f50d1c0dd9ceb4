// GET /api/eloborate_profile (§ "7. The calls the product makes", the specification's spelling): the
// detailed search, its filters passed through as query parameters. Without a
// total count, pageCount is page + 1 while another page follows.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { normalizeFilters, type Filters, type SearchOrder } from "../lib/search-query.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

/** `points` sorts by matching points; any other order is the server's default (profile type). */
export function getDetailedSearchProfiles(page: number, filters: Filters, order: SearchOrder, signal?: AbortSignal) {
  return apiRequest("GET /eloborate_profile", { query: { page, ...filters, ...(order === "points" ? { order } : {}) }, signal });
}

export function detailedSearchProfilesQueryOptions(page: number, filters: Filters, order: SearchOrder) {
  const normalized = normalizeFilters(filters);
  return queryOptions({
    queryKey: [...searchQueryKey, "detailed", { page, order, ...normalized }],
    queryFn: ({ signal }) => getDetailedSearchProfiles(page, normalized, order, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDetailedSearchProfiles(page: number, filters: Filters, order: SearchOrder, options: { enabled?: boolean } = {}) {
  return useQuery({ ...detailedSearchProfilesQueryOptions(page, filters, order), enabled: options.enabled ?? true });
}
