// PUT /api/sibling/{id} (§ "7. The calls the product makes"): the same body as adding one.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import type { SiblingFormBody } from "./create-sibling.ts";
import { siblingsQueryKey } from "./get-siblings.ts";

export function updateSibling({ id, body }: { id: number; body: SiblingFormBody }) {
  return apiRequest("PUT /sibling/:id", { params: { id }, json: body });
}

export function useUpdateSibling(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSibling,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: siblingsQueryKey(pid) });
    },
  });
}
