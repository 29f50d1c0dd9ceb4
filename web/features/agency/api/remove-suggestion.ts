// DELETE /api/admin/members/{pid}/suggestions/{suggestedPid}: take a
// recommendation back; the answer is the member's whole list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { suggestionsQueryKey } from "./get-suggestions.ts";

export function removeSuggestion(pid: number, suggestedPid: number) {
  return adminRequest("DELETE /admin/members/:pid/suggestions/:suggested", { params: { pid, suggested: suggestedPid } });
}

export function useRemoveSuggestion(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestedPid: number) => removeSuggestion(pid, suggestedPid),
    onSuccess: (list) => queryClient.setQueryData(suggestionsQueryKey(pid), list),
  });
}
