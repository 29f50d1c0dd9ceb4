// POST /api/reject_interest {pid} (a path of ours, ADR 0012): the member
// declines the request of profile `pid`. No message is sent; the requester
// sees it on their list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { interestsQueryKey } from "./get-profile-visits.ts";

export function rejectInterest(pid: number) {
  return apiRequest("POST /reject_interest", { json: { pid } });
}

export function useRejectInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInterest,
    // Also after a 409: the list then shows the decision already taken.
    onSettled: () => queryClient.invalidateQueries({ queryKey: interestsQueryKey }),
  });
}
