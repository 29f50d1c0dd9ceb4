// DELETE /api/admin/public_lists/{id}: its /link URL then shows no profiles.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { publicListsQueryKey } from "./get-public-lists.ts";

export function deletePublicList(id: number) {
  return adminRequest("DELETE /admin/public_lists/:id", { params: { id } });
}

export function useDeletePublicList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePublicList,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: publicListsQueryKey }),
  });
}
