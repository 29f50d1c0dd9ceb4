// POST /api/send_interest {fpid, tpid} (section 7, "Interest"): "Request for
// Phone Number / Send Interested Message" on a suggestion. The owner is told
// by WhatsApp; the suggestion then waits for approval.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { recommendedQueryKey } from "./get-recommended-profiles.ts";

export interface SendInterestBody {
  fpid: number;
  tpid: number;
}

export function sendInterest(body: SendInterestBody): Promise<{ status: string }> {
  return apiRequest<{ status: string }>("send_interest", { json: body });
}

export function useSendInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInterest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendedQueryKey }),
  });
}
