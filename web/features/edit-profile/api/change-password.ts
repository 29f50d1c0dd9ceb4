// PUT /api/users/password (ADR 0021): a new password, proving the current
// one; the member's other devices are signed out.
import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "../../../../shared/schemas/password.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export function changePassword(body: ChangePasswordBody): Promise<{ changed: true }> {
  return apiRequest<{ changed: true }>("users/password", { method: "PUT", json: body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
