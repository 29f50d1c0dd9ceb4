// POST /api/sibling (§ "7. The calls the product makes").
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { siblingsQueryKey } from "./get-siblings.ts";
import { userQueryKey } from "./get-user.ts";

/** The sibling form's values as chosen and typed; the server checks them with the shared siblingSchema. */
export interface SiblingFormBody {
  siblingType: string;
  name: string;
  maritalStatus: string;
  working: string;
  details: string;
}

export function createSibling(body: SiblingFormBody) {
  return apiRequest("POST /sibling", { json: body });
}

export function useCreateSibling(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSibling,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siblingsQueryKey(pid) });
      // The server may mark the member as having siblings.
      void queryClient.invalidateQueries({ queryKey: userQueryKey(pid) });
    },
  });
}
