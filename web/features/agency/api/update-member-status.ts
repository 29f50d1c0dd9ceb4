// PUT /api/admin/members/{pid}/status: deactivate (no sign-in, hidden from
// every list, sessions ended) or reactivate.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { storeMember } from "./get-member.ts";

export function updateMemberStatus(pid: number, active: boolean) {
  return adminRequest("PUT /admin/members/:pid/status", { params: { pid }, json: { active } });
}

export function useUpdateMemberStatus(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => updateMemberStatus(pid, active),
    onSuccess: (member) => storeMember(queryClient, member),
  });
}
