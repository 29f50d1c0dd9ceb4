// POST /api/remove_profile {pid} (a path of ours; § "4. States and transitions" "Hide profile" /
// "Remove profile from list"): the profile leaves the member's lists
// (requestStatus 'D' is excluded from simple search).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export function removeProfile(pid: number) {
  return apiRequest("POST /remove_profile", { json: { pid } });
}

export function useRemoveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchQueryKey });
    },
  });
}
