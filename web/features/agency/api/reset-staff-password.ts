// POST /api/admin/staff/{id}/reset_password: a new password for a console
// account, shown this once; the old one stops working and its sessions end.
// Not for one's own account (409).
import { useMutation } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";

export function resetStaffPassword(id: number) {
  return adminRequest("POST /admin/staff/:id/reset_password", { params: { id } });
}

export function useResetStaffPassword() {
  return useMutation({ mutationFn: resetStaffPassword });
}
