// POST /api/recommended_profiles/not_interested {pid} (a path of ours, ADR
// 0012): "Not interested" on a recommendation; it leaves the list for good.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { recommendedQueryKey } from "./get-recommended-profiles.ts";

export function dismissRecommendation(pid: number) {
  return apiRequest("POST /recommended_profiles/not_interested", { json: { pid } });
}

export function useDismissRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRecommendation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recommendedQueryKey }),
  });
}
