// PUT /api/admin/staff/{id}/status: deactivate (sign-in refused, sessions
// ended) or reactivate a console account. An owner's own account answers 409.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StaffAccount } from "#shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { staffQueryKey } from "./get-staff.ts";

export interface StaffStatusChange {
  id: number;
  active: boolean;
}

export function updateStaffStatus({ id, active }: StaffStatusChange) {
  return adminRequest("PUT /admin/staff/:id/status", { params: { id }, json: { active } });
}

export function useUpdateStaffStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffStatus,
    // The answer is the account as stored: put it in the list without a refetch.
    onSuccess: (account) => queryClient.setQueryData<StaffAccount[]>(staffQueryKey, (accounts) => accounts?.map((item) => (item.id === account.id ? account : item))),
  });
}
