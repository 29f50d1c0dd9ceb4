// GET /api/admin/members/{pid}/links: the member's auto-login links, live and
// past. Their tokens are never shown again after issuing.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { memberQueryKey } from "./get-member.ts";

export function linksQueryKey(pid: number) {
  return [...memberQueryKey(pid), "links"] as const;
}

export function getLinks(pid: number, signal?: AbortSignal) {
  return adminRequest("GET /admin/members/:pid/links", { params: { pid }, signal });
}

export function linksQueryOptions(pid: number) {
  return queryOptions({ queryKey: linksQueryKey(pid), queryFn: ({ signal }) => getLinks(pid, signal) });
}

export function useLinks(pid: number) {
  return useQuery(linksQueryOptions(pid));
}
