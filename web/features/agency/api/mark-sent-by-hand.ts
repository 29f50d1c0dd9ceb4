// POST /api/admin/outbox/{id}/sent_by_hand: staff delivered the message
// themselves through the wa.me link, so the retries stop.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function markSentByHand(id: number) {
  return adminRequest("POST /admin/outbox/:id/sent_by_hand", { params: { id } });
}

export function useMarkSentByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSentByHand,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
