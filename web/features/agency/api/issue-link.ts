// POST /api/admin/members/{pid}/links: a new auto-login link. The answer is
// the only time its URL (with the token) exists outside the member's phone.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { IssueLinkInput } from "#shared/schemas/admin.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { linksQueryKey } from "./get-links.ts";

export function issueLink(pid: number, body: IssueLinkInput) {
  return adminRequest("POST /admin/members/:pid/links", { params: { pid }, json: body });
}

export function useIssueLink(pid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueLinkInput) => issueLink(pid, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linksQueryKey(pid) }),
  });
}
