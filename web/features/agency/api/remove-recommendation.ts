// DELETE /api/admin/members/{pid}/recommendations/{recommendedPid}: take a
// recommendation back; the answer is the member's whole list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { recommendationsQueryKey } from "./get-recommendations.ts";

export function removeRecommendation(pid: number, recommendedPid: number) {
  return adminRequest("DELETE /admin/members/:pid/recommendations/:recommendedPid", { params: { pid, recommendedPid } });
}

export function useRemoveRecommendation(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recommendedPid: number) => removeRecommendation(pid, recommendedPid),
    onSuccess: (list) => queryClient.setQueryData(recommendationsQueryKey(pid), list),
  });
}
