// POST /api/admin/outbox/{id}/retry: send a failed or waiting message again
// through the WhatsApp Cloud API.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function retryMessage(id: number) {
  return adminRequest("POST /admin/outbox/:id/retry", { params: { id } });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
