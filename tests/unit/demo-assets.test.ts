import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { BLUR_HEIGHT, BLUR_WIDTH, makePhotoFiles } from "#scripts/demo/photo-files.ts";
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH, portraitSpec } from "#scripts/demo/portrait.ts";
import { Rng } from "#scripts/demo/random.ts";
import { multiRowInserts, sqlLiteral } from "#scripts/demo/seed-database.ts";

describe("demo photos", () => {
  it("are real JPEGs: a portrait and a tiny blurred derivative", () => {
    const files = makePhotoFiles(portraitSpec(new Rng(7), "F", "Wheatish", "SK"));
    for (const bytes of [files.full, files.blur]) expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const full = jpeg.decode(files.full, { useTArray: true });
    const blur = jpeg.decode(files.blur, { useTArray: true });
    expect([full.width, full.height]).toEqual([PORTRAIT_WIDTH, PORTRAIT_HEIGHT]);
    expect([blur.width, blur.height]).toEqual([BLUR_WIDTH, BLUR_HEIGHT]);
    expect(files.full.length).toBeLessThan(300_000);
    expect(files.blur.length).toBeLessThan(2_000);
  });

  it("are the same bytes for the same spec", () => {
    const spec = portraitSpec(new Rng(3), "M", "Dark", null);
    expect(makePhotoFiles(spec)).toEqual(makePhotoFiles(spec));
  });
});

describe("seed SQL", () => {
  it("writes literals SQLite reads back unchanged", () => {
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(42)).toBe("42");
    expect(sqlLiteral("Sri Lakshmi")).toBe("'Sri Lakshmi'");
    expect(sqlLiteral("D'Souza'); DROP TABLE members; --")).toBe("'D''Souza''); DROP TABLE members; --'");
    expect(() => sqlLiteral(Number.NaN)).toThrow(RangeError);
    expect(() => sqlLiteral("a\u0000b")).toThrow(RangeError);
  });

  it("splits rows into statements under D1's size limit", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [i, "x".repeat(40), null]);
    const statements = multiRowInserts("t", ["a", "b", "c"], rows);
    expect(statements.length).toBeGreaterThan(1);
    for (const sql of statements) expect(Buffer.byteLength(sql)).toBeLessThanOrEqual(90_000);
    expect(statements.join("").match(/\(\d+, 'x+', NULL\)/g)).toHaveLength(5000);
    expect(() => multiRowInserts("t", ["a"], [[1, 2]])).toThrow(RangeError);
  });
});
