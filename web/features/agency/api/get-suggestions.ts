// GET /api/admin/members/{pid}/suggestions: the profiles recommended to the
// member (they appear on the member's /recommended_profiles).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminSuggestion } from "../../../../shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

export function suggestionsQueryKey(pid: number) {
  return [...memberQueryKey(pid), "suggestions"] as const;
}

export function getSuggestions(pid: number, signal?: AbortSignal): Promise<AdminSuggestion[]> {
  return adminRequest<AdminSuggestion[]>(`members/${pid}/suggestions`, { signal });
}

export function suggestionsQueryOptions(pid: number) {
  return queryOptions({ queryKey: suggestionsQueryKey(pid), queryFn: ({ signal }) => getSuggestions(pid, signal) });
}

export function useSuggestions(pid: number) {
  return useQuery(suggestionsQueryOptions(pid));
}
