// POST /api/admin/members/{pid}/reset_password: a new password, queued as a
// WhatsApp message; the answer carries the wa.me link for delivery by hand.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminOutboxMessage } from "../../../../shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function resetPassword(pid: number): Promise<AdminOutboxMessage> {
  return adminRequest<AdminOutboxMessage>(`members/${pid}/reset_password`, { method: "POST" });
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
