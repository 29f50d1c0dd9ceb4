import { describe, expect, it } from "vitest";
import { NAME_LISTS } from "#scripts/demo/people-lists.ts";
import { correctPersonalSchema } from "#shared/schemas/admin.ts";
import { personalDataSchema, parentsDataSchema } from "#shared/schemas/profile-edit.ts";
import { FORMAT, NAME_FORMAT, personName } from "#shared/schemas/profile-fields.ts";
import { registrationSchema } from "#shared/schemas/registration.ts";
import { siblingSchema } from "#shared/schemas/sibling.ts";

// A person's name holds what names are made of (ADR 0025): letters and marks
// of any script, spaces and . ' -, on one line, never a digit, a link or
// markup. The rule is the same wherever a name is typed: registration, the
// Personal and Parents tabs, the console's correction, a sibling.

const name = personName("Name Required *");

function problem(text: unknown): string | undefined {
  const result = name.safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function accepted(text: string): string {
  const result = name.safeParse(text);
  if (!result.success) throw new Error(`${JSON.stringify(text)} refused: ${result.error.issues[0]?.message}`);
  return result.data;
}

describe("a person's name", () => {
  it("accepts names of every kind Telugu families write", () => {
    for (const text of [
      "శ్రావణి",
      "వెంకట రమణ",
      "D'Souza",
      "K. Ramesh",
      "Sai-Kiran",
      "K.V. Rao",
      "K.V.Rao",
      "K.Venkat",
      "కె.రామేష్",
      "Ramesh K.",
      "Lakshmi",
      "Mohammed Rafi",
      "Zoë",
      "Late Venkata Rao",
    ]) {
      expect(accepted(text), text).toBe(text);
    }
    // A joiner after a virama is Telugu spelling.
    expect(accepted("వెంకట్\u200cరావు")).toBe("వెంకట్\u200cరావు");
  });

  it("tidies what phones type: combining marks composed, the typographic apostrophe, tabs and runs of spaces", () => {
    expect(accepted("Jose\u0301")).toBe("José");
    expect(accepted("Jose\u0301")).toHaveLength(4);
    // A mark with no precomposed form stays a mark.
    expect(accepted("Ha\u0331")).toBe("Ha\u0331");
    expect(accepted("D\u2019Souza")).toBe("D'Souza");
    expect(accepted("  Venkata\t\u00a0 Ramana  ")).toBe("Venkata Ramana");
  });

  it("accepts every name of the demo data", () => {
    for (const lists of Object.values(NAME_LISTS)) {
      for (const text of [...lists.female, ...lists.male, ...lists.surnames, ...lists.fathers, ...lists.mothers]) expect(accepted(text), text).toBe(text);
    }
  });

  it("refuses digits, links, line breaks, markup and invisible characters, saying what a name may hold", () => {
    for (const text of [
      "Ravi2",
      "Ravi\nKumar",
      "Ravi\r\n*URGENT* renew",
      "https://evil.example",
      "Ravi: pay now",
      "*Ravi*",
      "_Ravi_",
      "~Ravi~",
      "`Ravi`",
      "Ravi @ home",
      "\u202eRavi",
      "Ra\u200bvi",
      "Ravi 😀",
      "రవి౧",
    ]) {
      expect(problem(text), JSON.stringify(text)).toBe(NAME_FORMAT.characters);
    }
  });

  it("refuses a word joined to the next by a full stop, as every domain name is, but not an initial", () => {
    for (const text of ["evil.com", "www.evil.in", "Dr.Rao", "Ravi Kumar.com"]) expect(problem(text), text).toBe(NAME_FORMAT.fullStop);
    expect(problem("Dr. Rao")).toBeUndefined();
  });

  it("refuses punctuation at the start, twice in a row, or at the end (but an initial's full stop), and a stray joiner", () => {
    for (const text of ["-Ravi", ".Ravi", "'Ravi", "Ravi-", "Ravi'", "Ravi..", "Ravi--Kumar", "Ravi .Kumar", "Ravi - Kumar", "a\u200cb", "\u0301Ravi"]) {
      expect(problem(text), JSON.stringify(text)).toBe(NAME_FORMAT.shape);
    }
  });

  it("asks for a missing name with the specification's message, and keeps it to its length", () => {
    expect(problem("")).toBe("Name Required *");
    expect(problem("   ")).toBe("Name Required *");
    expect(problem(undefined)).toBe("Name Required *");
    expect(problem("a".repeat(61))).toBe(FORMAT.tooLong(60));
    expect(accepted("a".repeat(60))).toHaveLength(60);
  });
});

describe("every name field", () => {
  /** The first message a schema gives for `field` when it is set to `text`. */
  function messageFor(
    schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    body: Record<string, unknown>,
    field: string,
  ): string | undefined {
    const result = schema.safeParse(body);
    return result.error?.issues.find((issue) => issue.path.join(".") === field)?.message;
  }

  it("uses the rule: registration, the Personal and Parents tabs, the console's correction and a sibling", () => {
    const link = "Ravi\nhttps://evil.example";
    const fields: [Parameters<typeof messageFor>[0], string[]][] = [
      [registrationSchema, ["name", "surname", "fatherName", "motherName"]],
      [personalDataSchema, ["name", "surname"]],
      [correctPersonalSchema("F"), ["name", "surname"]],
      [parentsDataSchema, ["fatherName", "motherName"]],
      [siblingSchema, ["name"]],
    ];
    for (const [schema, names] of fields) {
      for (const field of names) expect(messageFor(schema, { [field]: link }, field), field).toBe(NAME_FORMAT.characters);
    }
    // Each keeps its own required message and length.
    expect(messageFor(parentsDataSchema, { fatherName: "" }, "fatherName")).toBe("Father Name Required *");
    expect(messageFor(parentsDataSchema, { motherName: "a".repeat(81) }, "motherName")).toBe(FORMAT.tooLong(80));
    expect(messageFor(siblingSchema, { name: " " }, "name")).toBe("Name Required *");
    expect(messageFor(siblingSchema, { name: "a".repeat(61) }, "name")).toBe("Please keep this under 60 characters");
    expect(messageFor(siblingSchema, { name: "Srinivasa Rao" }, "name")).toBeUndefined();
  });
});
