// GET /api/recommended_profiles (§ "7. The calls the product makes", "fetch own recommended
// profiles"): the member's recommendations, at most 30, already filtered
// (approved, denied, withdrawn and dismissed ones left out) and ordered (not
// yet asked first, newest pid first) by the server.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export const recommendedQueryKey = ["recommended"] as const;

export function getRecommendedProfiles(signal?: AbortSignal) {
  return apiRequest("GET /recommended_profiles", { signal });
}

export function recommendedProfilesQueryOptions() {
  return queryOptions({
    queryKey: [...recommendedQueryKey, "list"],
    queryFn: ({ signal }) => getRecommendedProfiles(signal),
  });
}

export function useRecommendedProfiles() {
  return useQuery(recommendedProfilesQueryOptions());
}
