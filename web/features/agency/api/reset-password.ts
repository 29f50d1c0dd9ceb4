// POST /api/admin/members/{pid}/reset_password: the old password stops
// working and a one-time code to set a new one is queued on WhatsApp
// (ADR 0021); the answer is that message.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function resetPassword(pid: number) {
  return adminRequest("POST /admin/members/:pid/reset_password", { params: { pid } });
}

export function useResetPassword(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetPassword(pid),
    onSuccess: () => {
      // A reset also ends the member's sessions, and adds to the outbox.
      void queryClient.invalidateQueries({ queryKey: memberQueryKey(pid) });
      void queryClient.invalidateQueries({ queryKey: outboxQueryKey });
    },
  });
}
