// POST /api/remove_profile {pid} (a path of ours; § "4. States and transitions" "Hide profile" /
// "Remove profile from list"): the profile leaves the member's lists
// (requestStatus 'D' is excluded from simple search and from the interest lists).
// The screen names its own lists to fetch again, which the card then leaves.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export function removeProfile(pid: number) {
  return apiRequest("POST /remove_profile", { json: { pid } });
}

export function useRemoveProfile(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}
