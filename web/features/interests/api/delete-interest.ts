// POST /api/delete_interest {fpid, tpid} (§ "Interest"): the member
// withdraws their own request; it leaves the Viewed Profiles list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { interestsQueryKey } from "./get-profile-visits.ts";

export interface DeleteInterestBody {
  /** The member withdrawing (from pid): always the signed-in member. */
  fpid: number;
  /** The profile the request was sent to. */
  tpid: number;
}

export function deleteInterest(body: DeleteInterestBody) {
  return apiRequest("POST /delete_interest", { json: body });
}

export function useDeleteInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInterest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: interestsQueryKey }),
  });
}
