// POST /api/admin/members/{pid}/end_sessions: signs the member out on every
// phone (a lost phone, a shared login).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

export function endSessions(pid: number): Promise<{ ended: number }> {
  return adminRequest<{ ended: number }>(`members/${pid}/end_sessions`, { method: "POST" });
}

export function useEndSessions(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSessions(pid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberQueryKey(pid) }),
  });
}
