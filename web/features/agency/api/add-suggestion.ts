// POST /api/admin/members/{pid}/suggestions {pid}: recommend a profile; the
// answer is the member's whole list.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { suggestionsQueryKey } from "./get-suggestions.ts";

export function addSuggestion(pid: number, suggestedPid: number) {
  return adminRequest("POST /admin/members/:pid/suggestions", { params: { pid }, json: { pid: suggestedPid } });
}

export function useAddSuggestion(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestedPid: number) => addSuggestion(pid, suggestedPid),
    onSuccess: (list) => queryClient.setQueryData(suggestionsQueryKey(pid), list),
  });
}
