// The member's two optional consents (ADR 0033): GET /api/users/consents says
// how they stand, when each last changed and which notice the member agreed
// to; POST /api/users/consents changes one or both, recorded under the notice
// in force, so posting the choices unchanged agrees to a newer notice.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsentChoices } from "#shared/schemas/privacy.ts";
import { apiRequest } from "#web/lib/api-client.ts";

export const consentsQueryKey = ["consents"] as const;

export function getConsents(signal?: AbortSignal) {
  return apiRequest("GET /users/consents", { signal });
}

export function consentsQueryOptions() {
  return queryOptions({ queryKey: consentsQueryKey, queryFn: ({ signal }) => getConsents(signal) });
}

export function useConsents() {
  return useQuery(consentsQueryOptions());
}

export function changeConsents(choices: ConsentChoices) {
  return apiRequest("POST /users/consents", { json: choices });
}

export function useChangeConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConsents,
    onSuccess: (state) => queryClient.setQueryData(consentsQueryKey, state),
  });
}
