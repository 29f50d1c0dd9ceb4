// Conversions between what D1 stores (yyyy-MM-dd, HH:mm) and what members
// read and type (§ "9. Business constants and limits": dd/MM/yyyy and h:mm a in forms, dd-MM-yyyy and
// h:mma on stored dates shown back).

/** A date as D1 stores it and the API takes it, yyyy-MM-dd (zod-free: the public page's first load uses it, ADR 0031). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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
