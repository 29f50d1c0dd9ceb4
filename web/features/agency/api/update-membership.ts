// PUT /api/admin/members/{pid}/membership: tier, views bought, views used and
// the last day together, so that selling, renewing or extending is one call.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MembershipInput } from "#shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { memberQueryKey, storeMember } from "./get-member.ts";

export function updateMembership(pid: number, body: MembershipInput) {
  return adminRequest("PUT /admin/members/:pid/membership", { params: { pid }, json: body });
}

export function useUpdateMembership(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MembershipInput) => updateMembership(pid, body),
    onSuccess: (member) => storeMember(queryClient, member),
    // 409: the member used a view meanwhile; the form shows the new numbers.
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: memberQueryKey(pid) });
    },
  });
}
