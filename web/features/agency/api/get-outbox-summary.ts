// GET /api/admin/outbox/summary: what waits, what failed and which templates
// WhatsApp refused, for the console's Outbox entry and its alerts (ADR 0020).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminRequest } from "../lib/admin-request.ts";
import { outboxQueryKey } from "./get-outbox.ts";

/** Under the outbox's key, so that every change to a message refreshes the count. */
export const outboxSummaryQueryKey = [...outboxQueryKey, "summary"] as const;

export function getOutboxSummary(signal?: AbortSignal) {
  return adminRequest("GET /admin/outbox/summary", { signal });
}

export function useOutboxSummary(options: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: outboxSummaryQueryKey,
      queryFn: ({ signal }) => getOutboxSummary(signal),
      // New messages arrive while a console stays open all day.
      refetchInterval: 60_000,
      enabled: options.enabled ?? true,
    }),
  );
}
