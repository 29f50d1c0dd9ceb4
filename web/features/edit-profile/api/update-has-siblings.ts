// PUT /api/has_sibling (§ "7. The calls the product makes"): 2 "I have no siblings", 1 has siblings.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnRecord } from "#shared/api-types.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

export function updateHasSiblings(hasSiblings: 1 | 2) {
  return apiRequest("PUT /has_sibling", { json: { hasSiblings } });
}

export function useUpdateHasSiblings(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHasSiblings,
    onSuccess: (result) => {
      queryClient.setQueryData<OwnRecord>(userQueryKey(pid), (user) => (user ? { ...user, hasSiblings: result.hasSiblings } : user));
      void queryClient.invalidateQueries({ queryKey: userQueryKey(pid) });
    },
  });
}
