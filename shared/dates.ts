// Conversions between what D1 stores (yyyy-MM-dd, HH:mm) and what members
// read and type (§ "9. Business constants and limits": dd/MM/yyyy and h:mm a in forms, dd-MM-yyyy and
// h:mma on stored dates shown back).

/** A date as D1 stores it and the API takes it, yyyy-MM-dd (zod-free: the public page's first load uses it, ADR 0031). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * India's time zone: the agency's unless AGENCY_TZ names another, and the one
 * the legal ages to marry are counted in (ADR 0008).
 */
export const INDIA_TIME_ZONE = "Asia/Kolkata";

/**
 * One formatter per time zone, and its last answer: building an
 * Intl.DateTimeFormat costs far more than formatting with it (ADR 0028), and
 * formatting was still 2.5 % of the Worker's samples in a search, which asks
 * for today on every member call (docs/scaling.md). Callers pass the
 * configured zone (AGENCY_TZ) or India's, so the map holds one or two.
 */
const isoDates = new Map<string, { format: Intl.DateTimeFormat; minute: number; date: string }>();

/** Today's ISO date in a time zone: the agency's (AGENCY_TZ, default India's) or India's. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let zone = isoDates.get(timeZone);
  if (!zone) {
    // en-CA formats as yyyy-MM-dd. A time zone Intl refuses throws here and is not kept.
    zone = { format: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }), minute: Number.NaN, date: "" };
    isoDates.set(timeZone, zone);
  }
  // Every zone's offset today is whole minutes, so a date holds for the whole minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.minute = minute;
    zone.date = zone.format.format(now);
  }
  return zone.date;
}

let indiaDays: Intl.DateTimeFormat | undefined;

/**
 * The day in India an instant falls on, yyyy-MM-dd: the date members read for
 * an event (a request sent, approved, rejected). The agency is in India, and
 * the Worker that renders a page (UTC) and the phone that adopts it (its own
 * zone) must write the same date, or React's hydration finds another text
 * (ADR 0040, ADR 0042): 19:40 UTC is already the next day in India.
 */
export function indiaDate(at: Date): string {
  indiaDays ??= new Intl.DateTimeFormat("en-CA", { timeZone: INDIA_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return indiaDays.format(at);
}

function splitIso(iso: string): [string, string, string] {
  const [year = "", month = "", day = ""] = iso.slice(0, 10).split("-");
  return [year, month, day];
}

/** Whether the day exists in the calendar (no 30 February). */
export function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** yyyy-MM-dd to dd-MM-yyyy (the user record's birthDate). */
export function toStoredDisplayDate(iso: string): string {
  const [year, month, day] = splitIso(iso);
  return `${day}-${month}-${year}`;
}

function to12Hour(time: string): { hour: number; minute: string; suffix: "AM" | "PM" } {
  const [hourText = "0", minute = "00"] = time.split(":");
  const hour24 = Number(hourText);
  return { hour: hour24 % 12 === 0 ? 12 : hour24 % 12, minute, suffix: hour24 < 12 ? "AM" : "PM" };
}

/** HH:mm to h:mma, e.g. "6:05AM" (the user record's birthTime). */
export function toStoredDisplayTime(time: string): string {
  const { hour, minute, suffix } = to12Hour(time);
  return `${hour}:${minute}${suffix}`;
}

/**
 * The Monday of an ISO date's week: the date a week's public list is
 * published under (/link?wid=, ADR 0017), whichever day of it a link names.
 */
export function weekStart(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
