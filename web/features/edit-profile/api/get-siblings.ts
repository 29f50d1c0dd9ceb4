// GET /api/sibling/{pid} (§ "7. The calls the product makes"): the member's own siblings.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";

export const siblingsQueryKey = (pid: number) => ["siblings", pid] as const;

export function getSiblings(pid: number, signal?: AbortSignal) {
  return apiRequest("GET /sibling/:pid", { params: { pid }, signal });
}

export function siblingsQueryOptions(pid: number) {
  return queryOptions({
    queryKey: siblingsQueryKey(pid),
    queryFn: ({ signal }) => getSiblings(pid, signal),
  });
}

export function useSiblings(pid: number) {
  return useQuery(siblingsQueryOptions(pid));
}
