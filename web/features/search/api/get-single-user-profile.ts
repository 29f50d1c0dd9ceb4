// GET /api/single_user_profile/{id} (§ "7. The calls the product makes"): one profile card, for
// /search_id. A missing or closed profile answers 404 "No profile with ID N"
// (ADR 0023); the screen keeps § "2. Screens and routes"'s "Something is wrong. Unable to
// fetch details of profile." for other failures.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export function getSingleUserProfile(pid: number, signal?: AbortSignal) {
  return apiRequest("GET /single_user_profile/:id", { params: { id: pid }, signal });
}

export function singleUserProfileQueryOptions(pid: number) {
  return queryOptions({
    queryKey: [...searchQueryKey, "single", pid],
    queryFn: ({ signal }) => getSingleUserProfile(pid, signal),
  });
}

export function useSingleUserProfile(pid: number | null) {
  return useQuery({ ...singleUserProfileQueryOptions(pid ?? 0), enabled: pid !== null });
}
