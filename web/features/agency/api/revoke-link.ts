// POST /api/admin/links/{id}/revoke: the link stops signing anyone in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminLink } from "../../../../shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { linksQueryKey } from "./get-links.ts";

export function revokeLink(id: string): Promise<AdminLink> {
  return adminRequest<AdminLink>(`links/${encodeURIComponent(id)}/revoke`, { method: "POST" });
}

export function useRevokeLink(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linksQueryKey(pid) }),
  });
}
