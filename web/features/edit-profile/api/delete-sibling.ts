// DELETE /api/sibling?siblingId=N (§ "7. The calls the product makes").
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { siblingsQueryKey } from "./get-siblings.ts";

export function deleteSibling(siblingId: number) {
  return apiRequest("DELETE /sibling", { query: { siblingId } });
}

export function useDeleteSibling(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSibling,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siblingsQueryKey(pid) });
    },
  });
}
