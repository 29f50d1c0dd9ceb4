// "Where you are signed in" (ADR 0024): GET /api/users/sessions lists the
// member's live sessions; POST /api/users/sessions/end_others signs out all
// but this one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EndedSessions, MemberSession } from "../../../../shared/api-types.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export const sessionsQueryKey = ["sessions"] as const;

export function getSessions(signal?: AbortSignal): Promise<MemberSession[]> {
  return apiRequest<MemberSession[]>("users/sessions", { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function endOtherSessions(): Promise<EndedSessions> {
  return apiRequest<EndedSessions>("users/sessions/end_others", { method: "POST" });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
