// GET /api/users/{pid} (section 7, "fetch user by pid"): the member's own
// full record, which every tab of the edit screen starts from.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnRecord } from "../../../../shared/api-types.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export const userQueryKey = (pid: number) => ["users", pid] as const;

export function getUser(pid: number, signal?: AbortSignal): Promise<OwnRecord> {
  return apiRequest<OwnRecord>(`users/${pid}`, { signal });
}

export function userQueryOptions(pid: number) {
  return queryOptions({
    queryKey: userQueryKey(pid),
    queryFn: ({ signal }) => getUser(pid, signal),
  });
}

export function useUser(pid: number | undefined) {
  return useQuery({ ...userQueryOptions(pid ?? 0), enabled: pid !== undefined });
}
