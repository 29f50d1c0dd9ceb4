// POST /api/users/confirm_mobile (ADR 0021): the code sent to a new WhatsApp
// number; the answer is the record with the number changed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { userQueryKey } from "./get-user.ts";

export function confirmMobile(code: string) {
  return apiRequest("POST /users/confirm_mobile", { json: { code } });
}

export function useConfirmMobile(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMobile,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(pid), user),
  });
}
