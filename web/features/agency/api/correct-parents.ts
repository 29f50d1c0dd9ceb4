// PUT /api/admin/members/{pid}/parents: the member's Parent details part;
// a new WhatsApp number is stored at once, without a code (ADR 0022).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ParentsData } from "#shared/schemas/profile-edit.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function correctParents(pid: number, body: ParentsData) {
  return adminRequest("PUT /admin/members/:pid/parents", { params: { pid }, json: body });
}

export function useCorrectParents(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentsData) => correctParents(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
