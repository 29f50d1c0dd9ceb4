// GET /api/admin/access_log?pid=&before= (ADR 0033): who opened whose record
// or read whose message, newest first (owners only: the server answers 403
// FORBIDDEN to staff). `before` is the `next` of the page before.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export interface AccessLogFilter {
  pid?: number | undefined;
  before?: string | undefined;
}

export function getAccessLog(filter: AccessLogFilter, signal?: AbortSignal) {
  return adminRequest("GET /admin/access_log", { query: { ...filter }, signal });
}

export function accessLogQueryOptions(filter: AccessLogFilter) {
  return queryOptions({
    queryKey: [...adminQueryKey, "access-log", filter],
    queryFn: ({ signal }) => getAccessLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccessLog(filter: AccessLogFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...accessLogQueryOptions(filter), enabled: options.enabled ?? true });
}
