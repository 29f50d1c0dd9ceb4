// POST /api/approve_interest {pid} (a path of ours, ADR 0012): the member
// accepts the request of profile `pid`. The requester is told by WhatsApp,
// with this member's phone number when their membership allows it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { interestsQueryKey } from "./get-profile-visits.ts";

export function approveInterest(pid: number) {
  return apiRequest("POST /approve_interest", { json: { pid } });
}

export function useApproveInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveInterest,
    // Also after a 409: the list then shows the decision already taken.
    onSettled: () => queryClient.invalidateQueries({ queryKey: interestsQueryKey }),
  });
}
