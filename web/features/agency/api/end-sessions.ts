// POST /api/admin/members/{pid}/end_sessions: signs the member out on every
// phone (a lost phone, a shared login).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

export function endSessions(pid: number) {
  return adminRequest("POST /admin/members/:pid/end_sessions", { params: { pid } });
}

export function useEndSessions(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endSessions(pid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberQueryKey(pid) }),
  });
}
