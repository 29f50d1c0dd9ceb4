import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import englishCatalogue from "#shared/i18n/compiled/en.json";
import { readMessageRef } from "#shared/i18n/message-ref.ts";
import { te } from "#shared/i18n/te.ts";
import { birthDateAgeProblem, dobField, FORMAT, tobField, wireDisplayDate } from "#shared/schemas/profile-fields.ts";

// The birth date's and time's messages (§ "5. Validation rules", ADR 0013):
// one schema for the form and the Worker tells a date written in the wrong
// shape from one written right that is not in the calendar, and the Telugu
// messages say the format the way the fields' Telugu hints do.

const problem = (schema: z.ZodMiniType, text: string) => {
  const result = z.safeParse(schema, text);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("the date of birth", () => {
  it("takes a real day written dd/MM/yyyy", () => {
    expect(z.parse(dobField, "15/08/1994")).toBe("1994-08-15");
    expect(z.parse(dobField, " 1/2/1994 ")).toBe("1994-02-01");
    expect(z.parse(dobField, "29/02/1996")).toBe("1996-02-29");
  });

  it("takes it written with hyphens, as the app shows dates (15-08-1994), or with full stops", () => {
    expect(z.parse(dobField, "15-08-1994")).toBe("1994-08-15");
    expect(z.parse(dobField, "15.08.1994")).toBe("1994-08-15");
    expect(z.parse(dobField, " 1-2-1994 ")).toBe("1994-02-01");
    expect(problem(dobField, "31-02-1994")).toBe(FORMAT.dobNoSuchDay);
  });

  it("asks for the format when the text is not a day, a month and a year in that order", () => {
    for (const text of ["1994-08-15", "15/08-1994", "15.08/1994", "15/08/94", "15 August 1994", "15-08-94"]) expect(problem(dobField, text), text).toBe(FORMAT.dob);
  });

  it("says the format in words, with an example", () => {
    expect(FORMAT.dob).toBe("Enter the date of birth as day/month/year, e.g. 15/08/1994");
  });

  it("goes to the API as the contract writes it, dd/MM/yyyy, whichever of the three was typed", () => {
    expect(wireDisplayDate("15-08-1994")).toBe("15/08/1994");
    expect(wireDisplayDate("15.08.1994")).toBe("15/08/1994");
    expect(wireDisplayDate(" 1/8/1994 ")).toBe("01/08/1994");
    expect(wireDisplayDate("15/08/1994")).toBe("15/08/1994");
    // Anything else as typed: the schema says what is wrong with it.
    expect(wireDisplayDate("1994-08-15")).toBe("1994-08-15");
    expect(wireDisplayDate("")).toBe("");
  });

  it("says the date does not exist when it is written right but is not in the calendar", () => {
    for (const text of ["31/02/1994", "29/02/1995", "31/04/2000", "00/05/1994", "12/13/1994"]) expect(problem(dobField, text), text).toBe(FORMAT.dobNoSuchDay);
  });
});

describe("the ages a profile may have (ADR 0008)", () => {
  afterEach(() => vi.useRealTimers());

  it("counts them on India's date: a bride is 18 on her birthday from midnight in India, not from midnight UTC", () => {
    vi.useFakeTimers();
    // 00:10 on 15 August 2026 in India, still 14 August in UTC.
    vi.setSystemTime(new Date("2026-08-14T18:40:00Z"));
    expect(birthDateAgeProblem("2008-08-15", "F")).toBeUndefined();
    expect(birthDateAgeProblem("2008-08-16", "F")).toBe(FORMAT.brideAge);
    expect(birthDateAgeProblem("2005-08-15", "M")).toBeUndefined();
    // 23:50 on 14 August in India: her birthday is still tomorrow.
    vi.setSystemTime(new Date("2026-08-14T18:20:00Z"));
    expect(birthDateAgeProblem("2008-08-15", "F")).toBe(FORMAT.brideAge);
  });
});

describe("in Telugu", () => {
  const telugu = (message: string) => {
    const ref = readMessageRef(message, englishCatalogue);
    if (!ref) throw new Error(`${message} is not in the catalogue`);
    return te[ref.id];
  };

  it("the formats are said as the fields' hints say them, with no format letters", () => {
    expect(telugu(FORMAT.dob)).toContain(te["common.datePlaceholder"]);
    expect(telugu(FORMAT.tob)).toContain(te["common.timePlaceholder"]);
    for (const message of [FORMAT.dob, FORMAT.tob, FORMAT.dobNoSuchDay]) expect(telugu(message), message).not.toMatch(/dd|MM|yyyy|h:mm/);
  });

  it("a date that does not exist has its own message", () => {
    expect(problem(dobField, "31/02/1994")).toBe(FORMAT.dobNoSuchDay);
    expect(telugu(FORMAT.dobNoSuchDay)).not.toBe(telugu(FORMAT.dob));
    expect(problem(tobField, "25:00 PM")).toBe(FORMAT.tob);
  });
});
