// POST /api/admin/outbox/{id}/retry: send a failed or waiting message again
// through the WhatsApp Cloud API.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminOutboxMessage } from "../../../../shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function retryMessage(id: number): Promise<AdminOutboxMessage> {
  return adminRequest<AdminOutboxMessage>(`outbox/${id}/retry`, { method: "POST" });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
