// GET /api/admin/staff: every console account, for owners (the server
// answers 403 FORBIDDEN to staff, so the screen asks only for owners).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export const staffQueryKey = [...adminQueryKey, "staff"] as const;

export function getStaff(signal?: AbortSignal) {
  return adminRequest("GET /admin/staff", { signal });
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: staffQueryKey, queryFn: ({ signal }) => getStaff(signal) });
}

export function useStaff(options: { enabled?: boolean } = {}) {
  return useQuery({ ...staffQueryOptions(), enabled: options.enabled ?? true });
}
