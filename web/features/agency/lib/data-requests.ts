import type { DataRequestKind } from "#shared/api-types.ts";
import { INDIA_TIME_ZONE } from "#shared/dates.ts";

// How the console names members' data requests (ADR 0033), and which are late.

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  correction: "Correct data",
  erasure: "Erase data",
  grievance: "Grievance",
};

const DAY = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: INDIA_TIME_ZONE });

/**
 * The day a request came in, on India's calendar as its due date is counted
 * (ADR 0033): a member's at the moment they sent it, one recorded from a call
 * at the start of its day (stored as that day's 00:00 UTC, which is the same
 * day in India and the day before west of Greenwich).
 */
export function receivedDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
}

/** Open requests by due date, soonest (or most overdue) first; closed ones newest first. */
export function byDueDate<T extends { dueOn: string; receivedAt: string; status: "open" | "closed" }>(requests: readonly T[]): T[] {
  return [...requests].sort((a, b) => {
    if (a.status !== b.status) return a.status === "open" ? -1 : 1;
    return a.status === "open" ? a.dueOn.localeCompare(b.dueOn) : b.receivedAt.localeCompare(a.receivedAt);
  });
}
