import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { limitClause } from "#worker/db/limit-clause.ts";

// LIMIT and OFFSET are the only numbers written into SQL text (ADR 0028):
// limitClause writes them, and refuses anything but a safe whole number,
// since whatever it is given becomes part of the statement.

const DB_FOLDER = join(import.meta.dirname, "../../worker/db");

describe("limitClause", () => {
  it("writes a limit and an offset as whole numbers", () => {
    expect(limitClause(10)).toBe("LIMIT 10 OFFSET 0");
    expect(limitClause(11, 20)).toBe("LIMIT 11 OFFSET 20");
    expect(limitClause(0, 0)).toBe("LIMIT 0 OFFSET 0");
    expect(limitClause(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(`LIMIT ${Number.MAX_SAFE_INTEGER} OFFSET ${Number.MAX_SAFE_INTEGER}`);
  });

  it.each([
    ["a negative limit", -1, 0],
    ["a negative offset", 10, -10],
    ["a fraction", 1.5, 0],
    ["NaN", Number.NaN, 0],
    ["Infinity", Number.POSITIVE_INFINITY, 0],
    ["an unsafe integer", 2 ** 53, 0],
    ["text that is SQL", "1; DROP TABLE members" as unknown as number, 0],
    ["a numeric string", "10" as unknown as number, 0],
  ])("refuses %s before any SQL is built", (_name, limit, offset) => {
    expect(() => limitClause(limit, offset)).toThrow(/not whole numbers/);
  });
});

describe("worker/db", () => {
  it("binds no LIMIT or OFFSET and writes none in but through limitClause", () => {
    const files = readdirSync(DB_FOLDER).filter((name) => name.endsWith(".ts") && name !== "limit-clause.ts");
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((name) => {
      const text = readFileSync(join(DB_FOLDER, name), "utf8");
      // A placeholder (?1) or an interpolation other than limitClause's after LIMIT or OFFSET.
      return (text.match(/\b(LIMIT|OFFSET)\s+(\?|\$\{(?!limitClause\())\S*/g) ?? []).map((clause) => `${name}: ${clause}`);
    });
    expect(offending).toEqual([]);
  });
});
