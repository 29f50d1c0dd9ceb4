import type { DataRequestKind } from "./api-types.ts";

// When the agency's answer to a data request is due (ADR 0033), counted in
// days from the day it reached the agency, in the agency's time zone.
// Grievances: the outer limit the DPDP Rules 2025 give (Rule 14(3), 90
// days). Correction and erasure have no period in the Rules: erasure takes
// one action in the console, and a profile someone asked to remove stays
// visible to other members until then, so a week; a correction may need
// papers from the family, so a month.

export const DATA_REQUEST_DUE_DAYS: Readonly<Record<DataRequestKind, number>> = {
  grievance: 90,
  correction: 30,
  erasure: 7,
};

/** The yyyy-mm-dd day `days` after the yyyy-mm-dd day `from`. */
export function addDays(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function dataRequestDueOn(kind: DataRequestKind, receivedOn: string): string {
  return addDays(receivedOn, DATA_REQUEST_DUE_DAYS[kind]);
}
