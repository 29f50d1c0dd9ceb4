import { describe, expect, it } from "vitest";
import type { LookupItem } from "#shared/api-types.ts";
import { api } from "./setup/fixtures.ts";

// The reference lists (docs/specification.md § "Lists and profiles",
// § "Other entities", § "9. Business constants and limits").

async function list(path: string): Promise<LookupItem[]> {
  const response = await api(path);
  expect(response.status).toBe(200);
  return (await response.json<{ data: LookupItem[] }>()).data;
}

/** Every reference list of /api (migration 0006). */
const LIST_NAMES = [
  "heights",
  "stars",
  "padhams",
  "subcastes",
  "religions",
  "basic_education",
  "qualifications",
  "raasis",
  "profession_types",
  "cities",
  "states",
  "districts",
  "countries",
  "visa",
  "annual_income",
  "family_background",
];

describe("reference lists", () => {
  it.each(LIST_NAMES)("GET /api/%s answers a non-empty list without a token", async (name) => {
    const items = await list(`/api/${name}`);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Number.isInteger(item.id)).toBe(true);
      expect(item.name.length).toBeGreaterThan(0);
    }
  });

  it("lists the 27 stars in order, Ashwini first and Revathi last, with Telugu names", async () => {
    const stars = await list("/api/stars");
    expect(stars).toHaveLength(27);
    expect(stars.map((s) => s.id)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(stars[0]).toMatchObject({ name: "Ashwini", nameTe: "అశ్విని" });
    expect(stars[26]?.name).toMatch(/^Revat/);
    expect(stars.every((s) => /[\u0C00-\u0C7F]/.test(s.nameTe ?? ""))).toBe(true);
  });

  it("has padhams 1 to 4 and the 12 raasis with Telugu names", async () => {
    expect((await list("/api/padhams")).map((p) => p.name)).toEqual(["1", "2", "3", "4"]);
    const raasis = await list("/api/raasis");
    expect(raasis).toHaveLength(12);
    expect(raasis[0]?.nameTe).toBe("మేషం");
    expect(raasis[11]?.nameTe).toBe("మీనం");
  });

  it("has heights from 4 ft to 7 ft with centimetres", async () => {
    const heights = await list("/api/heights");
    expect(heights).toHaveLength(37);
    expect(heights[0]).toMatchObject({ cm: 122 });
    expect(heights[0]?.name).toContain("4 ft 0 in");
    expect(heights[36]).toMatchObject({ cm: 213 });
    const cms = heights.map((h) => h.cm ?? 0);
    expect([...cms].sort((a, b) => a - b)).toEqual(cms);
  });

  it("filters districts by state: 26 in Andhra Pradesh, 33 in Telangana", async () => {
    const states = await list("/api/states");
    expect(states.slice(0, 2).map((s) => s.name)).toEqual(["Andhra Pradesh", "Telangana"]);
    const ap = await list("/api/districts?stateId=1");
    const ts = await list("/api/districts?stateId=2");
    expect(ap).toHaveLength(26);
    expect(ts).toHaveLength(33);
    expect(ap.every((d) => d.stateId === 1)).toBe(true);
    expect(ts.map((d) => d.name)).toContain("Hyderabad");
    expect(await list("/api/districts")).toHaveLength(59);
  });

  it("keeps profession type 5 as Not Working and country 1 as India", async () => {
    expect((await list("/api/profession_types")).find((p) => p.id === 5)?.name).toBe("Not Working");
    expect((await list("/api/countries"))[0]).toMatchObject({ id: 1, name: "India" });
  });

  it("refuses a stateId that is not a number", async () => {
    const response = await api("/api/districts?stateId=abc");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { stateId: "stateId must be a whole number" } });
  });

  it("is cacheable and revalidates with the ETag", async () => {
    const first = await api("/api/stars");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await api("/api/stars", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
  });
});

describe("reference lists in Telugu", () => {
  // A Telugu reader picks from these lists in Telugu (ADR 0040): an entry
  // with a word in it has its Telugu name. Digits and ranges ("1 - 2") and
  // what Telugu families write in Latin letters too, codes and degrees
  // ("H1B", "OPT", "B.Tech", "PhD"; migration 0006), are not words.
  const WORD = /(?:^|[\s(/])[A-Z]?[a-z]{2,}(?=$|[\s),/])/;

  it.each(LIST_NAMES)("every worded entry of /api/%s has a Telugu name", async (name) => {
    const untranslated = (await list(`/api/${name}`)).filter((item) => WORD.test(item.name) && !/[\u0C00-\u0C7F]/.test(item.nameTe ?? "")).map((item) => item.name);
    expect(untranslated).toEqual([]);
  });

  it("names the lowest and the highest incomes in Telugu, as the ranges around them read (lakhs)", async () => {
    const incomes = await list("/api/annual_income");
    expect(incomes[0]).toMatchObject({ name: "Below 1", nameTe: "1 లోపు" });
    expect(incomes.at(-1)).toMatchObject({ name: "Above 100", nameTe: "100 పైన" });
  });

  it("names MS (Medicine) as Telugu families say it", async () => {
    expect((await list("/api/qualifications")).find((item) => item.id === 24)).toMatchObject({ name: "MS (Medicine)", nameTe: "MS (మెడిసిన్)" });
  });
});
