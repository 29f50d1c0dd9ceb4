// GET /api/admin/members/{pid}: the member whole, for the member screen.
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { AdminMember } from "#shared/admin-types.ts";
import { adminRequest } from "../lib/admin-request.ts";
import { membersQueryKey } from "./get-members.ts";

export function memberQueryKey(pid: number) {
  return [...membersQueryKey, "one", pid] as const;
}

export function getMember(pid: number, signal?: AbortSignal) {
  return adminRequest("GET /admin/members/:pid", { params: { pid }, signal });
}

export function memberQueryOptions(pid: number) {
  return queryOptions({ queryKey: memberQueryKey(pid), queryFn: ({ signal }) => getMember(pid, signal) });
}

export function useMember(pid: number) {
  return useQuery(memberQueryOptions(pid));
}

/**
 * The member changes answer the member whole: the screen shows that answer
 * at once, and the list is refetched when next shown (its rows changed too).
 */
export function storeMember(queryClient: QueryClient, member: AdminMember): void {
  queryClient.setQueryData(memberQueryKey(member.pid), member);
  void queryClient.invalidateQueries({ queryKey: [...membersQueryKey, "list"] });
}
