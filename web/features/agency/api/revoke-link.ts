// POST /api/admin/links/{id}/revoke: the link stops signing anyone in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { linksQueryKey } from "./get-links.ts";

export function revokeLink(id: string) {
  return adminRequest("POST /admin/links/:id/revoke", { params: { id } });
}

export function useRevokeLink(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linksQueryKey(pid) }),
  });
}
