// Calendar arithmetic on ISO dates (yyyy-MM-dd) in UTC, so the result never
// depends on the machine's time zone; "today" itself comes from the agency's.
// Days are added with the product's own addDays (shared/data-request-due.ts).
import { addDays } from "#shared/data-request-due.ts";

/** The date `years` calendar years earlier, minus `extraDays`: an age of exactly `years` on `isoDate`. */
export function yearsBefore(isoDate: string, years: number, extraDays: number): string {
  const year = Number(isoDate.slice(0, 4)) - years;
  // 29 February becomes 28 February in a common year.
  const monthDay = isoDate.slice(5) === "02-29" ? "02-28" : isoDate.slice(5);
  return addDays(`${String(year).padStart(4, "0")}-${monthDay}`, -extraDays);
}

/** An ISO timestamp on a day, at a time given in seconds after midnight UTC. */
export function timestampOn(isoDate: string, secondOfDay: number): string {
  const clamped = Math.max(0, Math.min(86_399, Math.floor(secondOfDay)));
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + clamped * 1000).toISOString();
}
