// The member's two optional consents (ADR 0033): GET /api/users/consents says
// how they stand, when each last changed and which notice the member agreed
// to; POST /api/users/consents changes one or both, or with `noticeVersion`
// records the member's agreement to that notice: only that says they agreed.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsentChange } from "#shared/schemas/privacy.ts";
import { apiRequest, isApiError } from "#web/lib/api-client.ts";

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

export function changeConsents(change: ConsentChange) {
  return apiRequest("POST /users/consents", { json: change });
}

export function useChangeConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConsents,
    onSuccess: (state) => queryClient.setQueryData(consentsQueryKey, state),
    // A newer notice came into force since the panel was read: read it again, so that the prompt names the new one.
    onError: (error) => {
      if (isApiError(error) && error.code === "NOTICE_CHANGED") void queryClient.invalidateQueries({ queryKey: consentsQueryKey });
    },
  });
}
