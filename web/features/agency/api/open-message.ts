// POST /api/admin/outbox/{id}/open: the click-to-chat link of a message whose
// text staff do not see (a one-time code, ADR 0020), recorded in the audit log.
import { useMutation } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";

export function openMessage(id: number) {
  return adminRequest("POST /admin/outbox/:id/open", { params: { id } });
}

export function useOpenMessage() {
  return useMutation({ mutationFn: openMessage });
}
