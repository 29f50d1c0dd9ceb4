// "Where you are signed in" (ADR 0024): GET /api/users/sessions lists the
// member's live sessions; POST /api/users/sessions/end_others signs out all
// but this one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export const sessionsQueryKey = ["sessions"] as const;

export function getSessions(signal?: AbortSignal) {
  return apiRequest("GET /users/sessions", { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function endOtherSessions() {
  return apiRequest("POST /users/sessions/end_others");
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
