// Days the server sends as yyyy-MM-dd (erasure, a request's due date),
// written the way the member reads a date: 1 December 2026. Formatted as a
// calendar day, never through the phone's time zone, so it cannot shift.

const DAY = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function dayText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}
