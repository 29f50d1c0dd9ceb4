// PUT /api/users/password (ADR 0021): a new password, proving the current
// one; the member's other devices are signed out.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordBody } from "#shared/schemas/password.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { sessionsQueryKey } from "./sessions.ts";

export function changePassword(body: ChangePasswordBody) {
  return apiRequest("PUT /users/password", { json: body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  // "Where you are signed in" lists the devices just signed out until it is read again.
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
