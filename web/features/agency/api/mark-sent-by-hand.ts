// POST /api/admin/outbox/{id}/sent_by_hand: staff delivered the message
// themselves through the wa.me link, so the retries stop.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminOutboxMessage } from "../../../../shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function markSentByHand(id: number): Promise<AdminOutboxMessage> {
  return adminRequest<AdminOutboxMessage>(`outbox/${id}/sent_by_hand`, { method: "POST" });
}

export function useMarkSentByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSentByHand,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
