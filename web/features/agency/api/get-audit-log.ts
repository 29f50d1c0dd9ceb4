// GET /api/admin/audit_log: staff actions, newest first (owners only; the
// server answers 403 FORBIDDEN to staff).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export function getAuditLog(page: number, signal?: AbortSignal) {
  return adminRequest("GET /admin/audit_log", { query: { page }, signal });
}

export function auditLogQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...adminQueryKey, "audit-log", page],
    queryFn: ({ signal }) => getAuditLog(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(page: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogQueryOptions(page), enabled: options.enabled ?? true });
}
