import * as z from "zod/mini";
import { ISO_DATE, isRealDay } from "../dates.ts";

// The public page's calls (§ "WhatsApp and public").

export const DATE_MESSAGE = "The date must be written yyyy-mm-dd";

/** A day that exists (no 2024-02-30), in the years the product deals in. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  return year >= 1900 && year <= 2100 && isRealDay(year, month, day);
}

export const publicDateField = z.string().check(z.regex(ISO_DATE, DATE_MESSAGE), z.refine(isCalendarDate, "There is no such date"));

/** `week=true` when the date is a week's date (a /link?wid= page). */
export const weekFlag = z.optional(z.enum(["true", "false"], { error: "week must be true or false" }));

export const publicMessagesQuery = z.object({ date: publicDateField, week: weekFlag });
