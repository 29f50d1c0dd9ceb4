// POST /api/admin/profile_interest {userId, interestedId, skip}: the agency
// sends interest on a member's behalf (§ "7. The calls the product makes"). With `skip` a request
// that already stands answers its state instead of 409, which the panel
// tells staff in words. Both members' requests lists change.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiData } from "#web/lib/api-client.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

/** What became of the request: the route's answer (ADR 0036). */
export type InterestOutcome = ApiData<"POST /admin/profile_interest">["status"];

export function sendInterestForMember(userId: number, interestedId: number) {
  return adminRequest("POST /admin/profile_interest", { json: { userId, interestedId, skip: true } });
}

export function useSendInterestForMember(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interestedId: number) => sendInterestForMember(pid, interestedId),
    onSuccess: (_result, interestedId) => {
      for (const member of [pid, interestedId]) void queryClient.invalidateQueries({ queryKey: memberQueryKey(member), exact: true });
    },
  });
}
