// POST /api/admin/members/{pid}/delete_profile (ADR 0034): staff delete a
// profile on the member's request, naming the data request when there is
// one; the profile is hidden at once and its data erased later.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export function deleteMemberProfile(pid: number, requestId: number | undefined) {
  return adminRequest("POST /admin/members/:pid/delete_profile", { params: { pid }, json: requestId === undefined ? {} : { requestId } });
}

export function useDeleteMemberProfile(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number | undefined) => deleteMemberProfile(pid, requestId),
    // The member's record, the lists and the requests all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
