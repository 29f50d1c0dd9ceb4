// GET /api/admin/outbox/inbound: what members wrote to the agency's WhatsApp
// number, newest first (ADR 0020).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { outboxQueryKey } from "./get-outbox.ts";

export function getInbound(page: number, signal?: AbortSignal) {
  return adminRequest("GET /admin/outbox/inbound", { query: { page }, signal });
}

export function useInbound(page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...outboxQueryKey, "inbound", page],
      queryFn: ({ signal }) => getInbound(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
