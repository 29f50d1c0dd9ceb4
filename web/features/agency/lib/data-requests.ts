import type { DataRequestKind } from "#shared/api-types.ts";

// How the console names members' data requests (ADR 0033), and which are late.

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  correction: "Correct data",
  erasure: "Erase data",
  grievance: "Grievance",
};

const DAY = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" });

/**
 * The day a request came in, on this device's calendar: a member's at the
 * moment they sent it, one recorded from a call at the start of its day.
 */
export function receivedDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
}

/** Today on this device as yyyy-MM-dd: staff work in the agency's own time zone. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Open requests by due date, soonest (or most overdue) first; closed ones newest first. */
export function byDueDate<T extends { dueOn: string; receivedAt: string; status: "open" | "closed" }>(requests: readonly T[]): T[] {
  return [...requests].sort((a, b) => {
    if (a.status !== b.status) return a.status === "open" ? -1 : 1;
    return a.status === "open" ? a.dueOn.localeCompare(b.dueOn) : b.receivedAt.localeCompare(a.receivedAt);
  });
}
