// PUT /api/admin/members/{pid}/membership: tier, views bought, views used and
// the last day together, so that selling, renewing or extending is one call.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminMember } from "../../../../shared/admin-types.ts";
import type { MembershipInput } from "../../../../shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function updateMembership(pid: number, body: MembershipInput): Promise<AdminMember> {
  return adminRequest<AdminMember>(`members/${pid}/membership`, { method: "PUT", json: body });
}

export function useUpdateMembership(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MembershipInput) => updateMembership(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
