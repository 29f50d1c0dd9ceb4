// GET /api/admin/data_requests?status=open|closed (ADR 0033): members' requests
// about their data, with the day each answer is due.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export type DataRequestStatus = "open" | "closed";

export const dataRequestsQueryKey = [...adminQueryKey, "data-requests"] as const;

export function getDataRequests(status: DataRequestStatus, signal?: AbortSignal) {
  return adminRequest("GET /admin/data_requests", { query: { status }, signal });
}

export function dataRequestsQueryOptions(status: DataRequestStatus) {
  return queryOptions({ queryKey: [...dataRequestsQueryKey, status], queryFn: ({ signal }) => getDataRequests(status, signal) });
}

export function useDataRequests(status: DataRequestStatus) {
  return useQuery(dataRequestsQueryOptions(status));
}
