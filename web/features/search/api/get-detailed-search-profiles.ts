// GET /api/eloborate_profile (section 7, the specification's spelling): the
// detailed search, its filters passed through as query parameters. Without a
// total count, pageCount is page + 1 while another page follows.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfilePage } from "../../../../shared/api-types.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { normalizeFilters, type Filters } from "../lib/search-query.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export function getDetailedSearchProfiles(page: number, filters: Filters, signal?: AbortSignal): Promise<ProfilePage> {
  return apiRequest<ProfilePage>("eloborate_profile", { query: { page, ...filters }, signal });
}

export function detailedSearchProfilesQueryOptions(page: number, filters: Filters) {
  const normalized = normalizeFilters(filters);
  return queryOptions({
    queryKey: [...searchQueryKey, "detailed", { page, ...normalized }],
    queryFn: ({ signal }) => getDetailedSearchProfiles(page, normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDetailedSearchProfiles(page: number, filters: Filters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...detailedSearchProfilesQueryOptions(page, filters), enabled: options.enabled ?? true });
}
