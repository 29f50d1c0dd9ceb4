// POST /api/admin/members/{pid}/recommendations {pid}: recommend a profile; the
// answer is the member's whole list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { recommendationsQueryKey } from "./get-recommendations.ts";

export function addRecommendation(pid: number, recommendedPid: number) {
  return adminRequest("POST /admin/members/:pid/recommendations", { params: { pid }, json: { pid: recommendedPid } });
}

export function useAddRecommendation(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recommendedPid: number) => addRecommendation(pid, recommendedPid),
    onSuccess: (list) => queryClient.setQueryData(recommendationsQueryKey(pid), list),
  });
}
