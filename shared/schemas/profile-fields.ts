import * as z from "zod/mini";
import { PROFESSION_TYPE_NOT_WORKING } from "../constants.ts";
import { INDIA_TIME_ZONE, isRealDay, todayIn } from "../dates.ts";

// Building blocks of the registration and profile-edit payloads (§ "3. Entities and their fields"
// and 5). Every field accepts what a form sends (strings) and what a JSON
// client sends (numbers), and produces the value the Worker stores: lookup
// ids as numbers, dob as yyyy-MM-dd, tob as HH:mm (24 h), trimmed text.

/** § "Registration": the required-field messages, to the letter. */
export const REQUIRED = {
  gender: "Select Gender Required *",
  name: "Name Required *",
  surname: "Surname Required *",
  dob: "Date of Birth Required *",
  tob: "Time of Birth Required *",
  pob: "Place of Birth Required *",
  star: "Select Star Required *",
  padham: "Select Padham Required *",
  height: "Select Height Required *",
  subcaste: "Select Subcaste Required *",
  religion: "Select Religion Required *",
  marriage: "Select Marriage Required *",
  educationDetails: "Education Details Required *",
  professionDetails: "Profession Details Required *",
  fatherName: "Father Name Required *",
  fatherJob: "Father Profession Required *",
  motherName: "Mother Name Required *",
  motherJob: "Mother Profession Required *",
  mobile: "Contact Number Required *",
  address: "Address Required *",
} as const;

/** Messages of ours for rules the specification leaves open (ADR 0008). */
export const FORMAT = {
  dob: "Enter the date of birth as day/month/year, e.g. 15/08/1994",
  dobNoSuchDay: "There is no such date: please check the day and the month",
  tob: "Enter the time of birth as h:mm AM/PM",
  brideAge: "A bride must be at least 18 years old",
  groomAge: "A groom must be at least 21 years old",
  tooOld: "Please check the year of birth",
  mobile: "Enter a valid WhatsApp number, e.g. 98765 43210 or +1 415 555 0100",
  alternateMobile: "Enter a valid phone number, or leave it empty",
  email: "Enter a valid email address, or leave it empty",
  choose: "Please choose from the list",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

/**
 * Messages of the rule for a person's name (ADR 0025): a member's, a
 * parent's, a sibling's.
 */
export const NAME_FORMAT = {
  characters: "Use letters only: a name cannot contain numbers, links or symbols other than . ' -",
  fullStop: "Put a space after a full stop, as in Dr. Rao: only initials are joined, as in K.V. Rao",
  shape: "Start a name with a letter and use . ' - only between letters, as in K. Ramesh, D'Souza or Sai-Kiran",
} as const;

/** Letters and marks of any script, spaces, . ' - and the joiners Telugu spelling puts after a virama. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the joiners stand alone in the class on purpose; NAME_RUN below places them.
const NAME_CHARACTERS = /^[\p{L}\p{M} .'\u200c\u200d-]*$/u;
/** A run of letters and their marks; a joiner only between a mark and a letter. */
const NAME_WORD = String.raw`\p{L}(?:\p{L}|\p{M}|(?<=\p{M})[\u200c\u200d](?=\p{L}))*`;
/** A word of two or more letters joined to the next by a full stop: "Dr.Rao", and every domain name ("evil.com"). */
const WORD_DOT_WORD = /(?:\p{L}[\p{M}\u200c\u200d]*){2}\.\p{L}/u;
/** Words joined by one space, one of . ' - (a space may follow it), and an initial's full stop at the end. */
const NAME_SHAPE = new RegExp(String.raw`^${NAME_WORD}(?:(?:[.'-] ?| )${NAME_WORD})*\.?$`, "u");

/**
 * A name as typed on a phone, tidied: composed (NFC), the typographic
 * apostrophe iOS types made plain, tabs and runs of spaces one space, trimmed.
 */
function tidyName(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\t\p{Zs}]+/gu, " ")
    .trim();
}

/**
 * A person's name, required: only what names are made of, on one line, so
 * that no name can carry a link, a line break or markup into a page or a
 * message (ADR 0025). Digits are refused: a name has none.
 */
export function personName(required: string, max = 60) {
  return z.string({ error: required }).check(
    z.overwrite(tidyName),
    z.minLength(1, required),
    z.maxLength(max, FORMAT.tooLong(max)),
    z.refine((name) => NAME_CHARACTERS.test(name), NAME_FORMAT.characters),
    z.refine((name) => !WORD_DOT_WORD.test(name), NAME_FORMAT.fullStop),
    z.refine((name) => name === "" || NAME_SHAPE.test(name), NAME_FORMAT.shape),
  );
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Trimmed text that must not be empty. */
export function requiredText(message: string, max = 100) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, FORMAT.tooLong(max)));
}

/** Trimmed text that may be empty; empty becomes null. */
export function optionalText(max = 100) {
  return z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? null : String(value).trim())),
    z.nullable(z.string().check(z.maxLength(max, FORMAT.tooLong(max)))),
  );
}

/** A lookup id chosen from a list (a select sends "" when nothing is chosen). */
export function requiredId(message: string) {
  return z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? Number.NaN : Number(value))),
    z.number({ error: message }).check(z.int(message), z.positive(message)),
  );
}

/** A lookup id that may be left unchosen; unchosen becomes null. */
export function optionalId(message: string = FORMAT.choose) {
  return z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? null : Number(value))),
    z.nullable(z.number({ error: message }).check(z.int(message), z.positive(message))),
  );
}

/** One of a few numeric codes, e.g. marriage 1 First / 2 Second. */
export function requiredCode<const T extends readonly number[]>(codes: T, message: string) {
  return z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? Number.NaN : Number(value))),
    z.number({ error: message }).check(z.refine((n) => codes.includes(n), message)),
  ) as unknown as z.ZodMiniType<T[number], unknown>;
}

export function optionalCode<const T extends readonly number[]>(codes: T, message: string = FORMAT.choose) {
  return z.pipe(
    z.transform((value: unknown) => (isBlank(value) ? null : Number(value))),
    z.nullable(z.number({ error: message }).check(z.refine((n) => codes.includes(n), message))),
  ) as unknown as z.ZodMiniType<T[number] | null, unknown>;
}

/**
 * The shape of dd/MM/yyyy (§ "9. Business constants and limits"), whether or not the day exists,
 * or the same with - (as the app shows stored dates, 15-08-1998) or . between, one
 * separator throughout (ADR 0013).
 */
const DISPLAY_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;

function displayDateParts(text: string): [day: number, month: number, year: number] | null {
  const match = DISPLAY_DATE.exec(text.trim());
  return match ? [Number(match[1]), Number(match[3]), Number(match[4])] : null;
}

/** dd/MM/yyyy (§ "9. Business constants and limits"), or dd-MM-yyyy or dd.MM.yyyy, to yyyy-MM-dd; a date that does not exist is refused. */
export function parseDisplayDate(text: string): string | null {
  const parts = displayDateParts(text);
  if (!parts) return null;
  const [day, month, year] = parts;
  if (!isRealDay(year, month, day)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A typed date as the API takes it, dd/MM/yyyy (§ "3. Entities and their fields"): the forms
 * send what was typed, and a date typed with - or . goes with /, so the
 * contract's wire format stays the same for an agency backend (ADR 0035).
 * Anything else goes as typed, for the schema to say what is wrong with it.
 */
export function wireDisplayDate(text: string): string {
  const parts = displayDateParts(text);
  if (!parts) return text;
  const [day, month, year] = parts;
  return `${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")}/${year}`;
}

/** h:mm a (§ "9. Business constants and limits"), e.g. "6:05 AM", to HH:mm. */
export function parseDisplayTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]\.?$/.exec(text.trim());
  if (!match) return null;
  const [hour12, minute] = [Number(match[1]), Number(match[2])];
  if (hour12 < 1 || hour12 > 12 || minute > 59) return null;
  const pm = match[3]?.toUpperCase() === "P";
  const hour = (hour12 % 12) + (pm ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

export const dobField = z.pipe(
  z.string({ error: REQUIRED.dob }).check(z.trim(), z.minLength(1, REQUIRED.dob)),
  z.transform((text, ctx) => {
    const iso = parseDisplayDate(text);
    if (!iso) {
      // Written right but not in the calendar (31/02/1994): the format is not what is wrong.
      const message = displayDateParts(text) ? FORMAT.dobNoSuchDay : FORMAT.dob;
      ctx.issues.push({ code: "custom", message, input: text });
      return z.NEVER;
    }
    return iso;
  }),
);

export const tobField = z.pipe(
  z.string({ error: REQUIRED.tob }).check(z.trim(), z.minLength(1, REQUIRED.tob)),
  z.transform((text, ctx) => {
    const time = parseDisplayTime(text);
    if (!time) {
      ctx.issues.push({ code: "custom", message: FORMAT.tob, input: text });
      return z.NEVER;
    }
    return time;
  }),
);

/** Whole years between an ISO birth date and `today` (ISO). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The ages a profile may have (§ "5. Validation rules"): a bride at least 18, a groom at
 * least 21, nobody over 80. Registration checks the gender chosen on the
 * form; the console's correction the member's stored one (ADR 0022). Counted
 * on India's date, the browser's clock and the Worker's alike: a bride is 18
 * from midnight of her birthday in India, not from midnight UTC (ADR 0008).
 */
export function birthDateAgeProblem(dob: unknown, gender: unknown): string | undefined {
  if (typeof dob !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return undefined;
  const age = ageOn(dob, todayIn(INDIA_TIME_ZONE));
  if (age < (gender === "F" ? 18 : 21)) return gender === "F" ? FORMAT.brideAge : FORMAT.groomAge;
  return age > 80 ? FORMAT.tooOld : undefined;
}

/**
 * A WhatsApp number in international form (+ and 8-15 digits). Indian
 * numbers may be typed as 10 digits, with a leading 0, or with 91.
 */
export function normalizeMobile(text: string): string | null {
  const digits = text.replace(/[\s\-().]/g, "");
  if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return `+${digits}`;
  if (/^\+91[6-9]\d{9}$/.test(digits)) return digits;
  if (/^\+[1-8]\d{7,14}$/.test(digits) || /^\+9[02-9]\d{6,13}$/.test(digits)) return digits;
  if (/^00[1-9]\d{7,14}$/.test(digits)) return `+${digits.slice(2)}`;
  return null;
}

export const mobileField = z.pipe(
  z.string({ error: REQUIRED.mobile }).check(z.trim(), z.minLength(1, REQUIRED.mobile)),
  z.transform((text, ctx) => {
    const mobile = normalizeMobile(text);
    if (!mobile) {
      ctx.issues.push({ code: "custom", message: FORMAT.mobile, input: text });
      return z.NEVER;
    }
    return mobile;
  }),
);

export const alternateMobileField = z.pipe(
  z.transform((value: unknown) => (isBlank(value) ? null : String(value))),
  z.nullable(
    z.pipe(
      z.string(),
      z.transform((text, ctx) => {
        const mobile = normalizeMobile(text);
        if (!mobile) {
          ctx.issues.push({ code: "custom", message: FORMAT.alternateMobile, input: text });
          return z.NEVER;
        }
        return mobile;
      }),
    ),
  ),
);

export const emailField = z.pipe(
  z.transform((value: unknown) => (isBlank(value) ? null : String(value).trim())),
  z.nullable(z.string().check(z.maxLength(120, FORMAT.email), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, FORMAT.email))),
);

export const genderField = z.enum(["F", "M"], { error: REQUIRED.gender });
export const marriageField = requiredCode([1, 2] as const, REQUIRED.marriage);
export const workingInField = optionalCode([1, 2] as const);

/** § "5. Validation rules": profession details are required unless the profession type is 5 (not working). */
export function needsProfessionDetails(professionType: number | null | undefined): boolean {
  return professionType !== PROFESSION_TYPE_NOT_WORKING;
}
