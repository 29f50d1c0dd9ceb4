// POST /api/send_interest {fpid, tpid} (section 7, "Interest"): "Request for
// Phone Number / Send Interested Message" on a card. The owner is told by
// WhatsApp; the card then waits for approval.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export interface SendInterestBody {
  /** The member sending (from pid). */
  fpid: number;
  /** The profile asked about (to pid). */
  tpid: number;
}

export function sendInterest(body: SendInterestBody): Promise<{ status: string }> {
  return apiRequest<{ status: string }>("send_interest", { json: body });
}

export function useSendInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInterest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchQueryKey });
    },
  });
}
