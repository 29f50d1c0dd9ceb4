// GET /api/admin/outbox: every WhatsApp message with its delivery status
// (ADR 0009), newest first, filtered by status or member.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OutboxStatus } from "#shared/admin-types.ts";
import { adminQueryKey, adminRequest } from "../lib/admin-request.ts";

export interface OutboxFilters {
  status?: OutboxStatus | undefined;
  pid?: number | undefined;
  page: number;
}

export const outboxQueryKey = [...adminQueryKey, "outbox"] as const;

export function getOutbox(filters: OutboxFilters, signal?: AbortSignal) {
  return adminRequest("GET /admin/outbox", { query: { ...filters }, signal });
}

export function outboxQueryOptions(filters: OutboxFilters) {
  return queryOptions({
    queryKey: [...outboxQueryKey, filters],
    queryFn: ({ signal }) => getOutbox(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(filters: OutboxFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...outboxQueryOptions(filters), enabled: options.enabled ?? true });
}
