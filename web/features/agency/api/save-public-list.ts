// PUT /api/admin/public_lists: creates or replaces the list of a date (a day
// or a week), with its profiles in order and its template.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicListInput } from "#shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { publicListsQueryKey } from "./get-public-lists.ts";

export function savePublicList(body: PublicListInput) {
  return adminRequest("PUT /admin/public_lists", { json: body });
}

export function useSavePublicList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePublicList,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: publicListsQueryKey }),
  });
}
