// Calendar arithmetic on ISO dates (yyyy-MM-dd) in UTC, so the result never
// depends on the machine's time zone; "today" itself comes from the agency's.

const DAY_MS = 86_400_000;

export function addDays(isoDate: string, days: number): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`not an ISO date: ${isoDate}`);
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

/** The date `years` calendar years earlier, minus `extraDays`: an age of exactly `years` on `isoDate`. */
export function yearsBefore(isoDate: string, years: number, extraDays: number): string {
  const year = Number(isoDate.slice(0, 4)) - years;
  // 29 February becomes 28 February in a common year.
  const monthDay = isoDate.slice(5) === "02-29" ? "02-28" : isoDate.slice(5);
  return addDays(`${String(year).padStart(4, "0")}-${monthDay}`, -extraDays);
}

/** Whole years between a birth date and a day (both ISO). */
export function ageOn(birthDate: string, isoDate: string): number {
  const years = Number(isoDate.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return isoDate.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** An ISO timestamp on a day, at a time given in seconds after midnight UTC. */
export function timestampOn(isoDate: string, secondOfDay: number): string {
  const clamped = Math.max(0, Math.min(86_399, Math.floor(secondOfDay)));
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + clamped * 1000).toISOString();
}
