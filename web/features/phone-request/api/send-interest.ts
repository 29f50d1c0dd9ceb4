// POST /api/send_interest {fpid, tpid, skip: true} (§ "7. The calls the product makes": the request
// flow's call carries the skip flag): a request that already stands answers
// its state instead of a conflict, because all this flow needs to know is
// that the owner has the request.
import { useMutation } from "@tanstack/react-query";
import { apiRequest, type ApiData } from "#web/lib/api-client.ts";

export interface RequestInterestBody {
  /** The signed-in member (from pid). */
  fpid: number;
  /** The profile of the WhatsApp link (to pid). */
  tpid: number;
}

/** What became of the request: the route's answer (ADR 0036). */
export type RequestInterestStatus = ApiData<"POST /send_interest">["status"];

export function requestInterest(body: RequestInterestBody) {
  return apiRequest("POST /send_interest", { json: { ...body, skip: true } });
}

export function useRequestInterest() {
  return useMutation({ mutationFn: requestInterest });
}
