import { INDIA_TIME_ZONE, todayIn } from "#shared/dates.ts";

/**
 * Today in India, as yyyy-MM-dd: the day the server counts memberships and
 * requests by (ADR 0008), whatever the time zone of the computer staff use.
 * A renewal counted from the browser's day loses a paid day to staff abroad
 * between India's midnight and their own.
 */
export function agencyToday(now: Date = new Date()): string {
  return todayIn(INDIA_TIME_ZONE, now);
}
