// PUT /api/admin/me/password: staff choose their own password, proving the
// current one; their other sessions end, this one stays.
import { useMutation } from "@tanstack/react-query";
import type { OwnPassword } from "#shared/schemas/staff.ts";
import { adminRequest } from "../lib/admin-request.ts";

export function changeOwnPassword(body: OwnPassword) {
  return adminRequest("PUT /admin/me/password", { json: body });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
