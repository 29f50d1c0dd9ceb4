// GET /api/admin/members/{pid}/suggestions: the profiles recommended to the
// member (they appear on the member's /recommended_profiles).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

export function suggestionsQueryKey(pid: number) {
  return [...memberQueryKey(pid), "suggestions"] as const;
}

export function getSuggestions(pid: number, signal?: AbortSignal) {
  return adminRequest("GET /admin/members/:pid/suggestions", { params: { pid }, signal });
}

export function suggestionsQueryOptions(pid: number) {
  return queryOptions({ queryKey: suggestionsQueryKey(pid), queryFn: ({ signal }) => getSuggestions(pid, signal) });
}

export function useSuggestions(pid: number) {
  return useQuery(suggestionsQueryOptions(pid));
}
