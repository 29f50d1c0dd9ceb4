import * as z from "zod/mini";

// The public page's calls (section 7, "WhatsApp and public").

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const DATE_MESSAGE = "The date must be written yyyy-mm-dd";

export const publicDateField = z.string().check(z.regex(ISO_DATE, DATE_MESSAGE));

/** `week=true` when the date is a week's date (a /link?wid= page). */
export const weekFlag = z.optional(z.enum(["true", "false"], { error: "week must be true or false" }));

export const publicMessagesQuery = z.object({ date: publicDateField, week: weekFlag });
