// GET /api/matching_profiles (§ "7. The calls the product makes"): the member's matches (same
// religion and marriage turn, suitable ages), paged like the detailed search.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export function getMatchingProfiles(page: number, signal?: AbortSignal) {
  return apiRequest("GET /matching_profiles", { query: { page }, signal });
}

export function matchingProfilesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...searchQueryKey, "matching", { page }],
    queryFn: ({ signal }) => getMatchingProfiles(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMatchingProfiles(page: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...matchingProfilesQueryOptions(page), enabled: options.enabled ?? true });
}
