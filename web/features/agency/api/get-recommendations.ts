// GET /api/admin/members/{pid}/recommendations: the profiles recommended to the
// member (they appear on the member's /recommended_profiles).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

export function recommendationsQueryKey(pid: number) {
  return [...memberQueryKey(pid), "recommendations"] as const;
}

export function getRecommendations(pid: number, signal?: AbortSignal) {
  return adminRequest("GET /admin/members/:pid/recommendations", { params: { pid }, signal });
}

export function recommendationsQueryOptions(pid: number) {
  return queryOptions({ queryKey: recommendationsQueryKey(pid), queryFn: ({ signal }) => getRecommendations(pid, signal) });
}

export function useRecommendations(pid: number) {
  return useQuery(recommendationsQueryOptions(pid));
}
