// POST /api/restore_profile {pid} (a path of ours): the undo of "Remove
// profile from list" / "Hide profile", offered for a few seconds after it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { searchQueryKey } from "./get-simple-search-profiles.ts";

export function restoreProfile(pid: number) {
  return apiRequest("POST /restore_profile", { json: { pid } });
}

export function useRestoreProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProfile,
    // Returned, so awaited: the restore is done once the lists on screen were
    // read again, and the restored card is there to take focus (ADR 0015).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchQueryKey }),
  });
}
