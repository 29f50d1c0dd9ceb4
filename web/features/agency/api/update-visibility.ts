// PUT /api/admin/members/{pid}/visibility: who sees the photo, and on which
// public pages the profile may appear.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VisibilityInput } from "#shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function updateVisibility(pid: number, body: VisibilityInput) {
  return adminRequest("PUT /admin/members/:pid/visibility", { params: { pid }, json: body });
}

export function useUpdateVisibility(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisibilityInput) => updateVisibility(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
