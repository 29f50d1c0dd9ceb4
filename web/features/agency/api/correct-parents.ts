// PUT /api/admin/members/{pid}/parents: the member's Parent details part;
// a new WhatsApp number is stored at once, without a code (ADR 0022).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminMember } from "../../../../shared/admin-types.ts";
import type { ParentsData } from "../../../../shared/schemas/profile-edit.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function correctParents(pid: number, body: ParentsData): Promise<AdminMember> {
  return adminRequest<AdminMember>(`members/${pid}/parents`, { method: "PUT", json: body });
}

export function useCorrectParents(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentsData) => correctParents(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
