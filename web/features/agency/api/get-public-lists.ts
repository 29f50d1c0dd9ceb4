// GET /api/admin/public_lists: the day and week lists behind /link.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export const publicListsQueryKey = [...adminQueryKey, "public-lists"] as const;

export function getPublicLists(signal?: AbortSignal) {
  return adminRequest("GET /admin/public_lists", { signal });
}

export function publicListsQueryOptions() {
  return queryOptions({ queryKey: publicListsQueryKey, queryFn: ({ signal }) => getPublicLists(signal) });
}

export function usePublicLists() {
  return useQuery(publicListsQueryOptions());
}
