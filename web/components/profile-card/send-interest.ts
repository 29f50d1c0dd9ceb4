// POST /api/send_interest {fpid, tpid} (§ "Interest"): "Request for
// Phone Number / Send Interested Message" on a card, whichever screen shows
// it. The owner is told by WhatsApp; the card then waits for approval. The
// screen names its own lists to fetch again, because the card's new state
// comes from them.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export interface SendInterestBody {
  /** The member sending (from pid). */
  fpid: number;
  /** The profile asked about (to pid). */
  tpid: number;
}

export function sendInterest(body: SendInterestBody) {
  return apiRequest("POST /send_interest", { json: body });
}

interface SendInterestOptions {
  /** The screen's lists, fetched again before the outcome shows. */
  refresh: QueryKey;
  /**
   * Also after a refusal: a 409 means the request changed elsewhere, and the
   * fresh list shows how it stands (the interest lists and recommendations do;
   * search refreshes after success only).
   */
  afterFailure: boolean;
}

export function useSendInterest({ refresh, afterFailure }: SendInterestOptions) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: refresh });
  return useMutation({ mutationFn: sendInterest, ...(afterFailure ? { onSettled: refetch } : { onSuccess: refetch }) });
}
