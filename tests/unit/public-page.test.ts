import { describe, expect, it } from "vitest";
import { mulberry32 } from "#scripts/demo/random.ts";
import { interleave } from "#web/features/public-profiles/lib/interleave.ts";
import type { Language } from "#shared/i18n/language.ts";
import { activateLanguage, loadMessages, translate } from "#web/lib/i18n.ts";
import { publicListFrom, type PublicListRef } from "#shared/public-list.ts";
import { listDate, listHeading } from "#web/features/public-profiles/lib/public-list.ts";

/** The heading's text as the page shows it, without the element that keeps the date on one line. */
async function headingIn(language: Language, list: PublicListRef | null): Promise<string> {
  // The /link screen's messages, as its route loads them (web/app/screen-messages.ts).
  await loadMessages(["public"]);
  await activateLanguage(language);
  const { id, date } = listHeading(list);
  return translate(id, { date: date && listDate(date, language) }).replace(/<\/?0>/g, "");
}

// The public page's pure parts: random placement of the agency's messages,
// and which list a /link names (docs/specification.md § "Anonymous routes").

describe("interleave", () => {
  const cards = [1, 2, 3, 4, 5];
  const messages = ["m1", "m2", "m3"];

  it("keeps every card in order and every message once, in the agency's order", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const items = interleave(cards, messages, mulberry32(seed));
      expect(items.flatMap((item) => (item.kind === "card" ? [item.card] : []))).toEqual(cards);
      expect(items.flatMap((item) => (item.kind === "message" ? [item.message] : []))).toEqual(messages);
    }
  });

  it("never puts two messages side by side while there are gaps enough", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const kinds = interleave(cards, messages, mulberry32(seed)).map((item) => item.kind);
      expect(kinds.join(",")).not.toContain("message,message");
    }
  });

  it("uses every gap, first and last included, over many placements", () => {
    const firstIndexes = new Set<number>();
    for (let seed = 1; seed <= 300; seed++) {
      firstIndexes.add(interleave(cards, ["only"], mulberry32(seed)).findIndex((item) => item.kind === "message"));
    }
    expect([...firstIndexes].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("places more messages than gaps, and messages without cards", () => {
    const items = interleave([1], ["a", "b", "c", "d"], mulberry32(7));
    expect(items.filter((item) => item.kind === "message")).toHaveLength(4);
    expect(interleave([], ["a", "b"], mulberry32(7))).toEqual([
      { kind: "message", message: "a" },
      { kind: "message", message: "b" },
    ]);
    expect(interleave([1, 2], [], mulberry32(7))).toEqual([
      { kind: "card", card: 1 },
      { kind: "card", card: 2 },
    ]);
  });
});

describe("publicListFrom", () => {
  it(`needs id or wid (§ "Anonymous routes"); id is a day's list, wid a week's, id first`, () => {
    expect(publicListFrom(new URLSearchParams(""))).toBeNull();
    expect(publicListFrom(new URLSearchParams("id=&wid=%20"))).toBeNull();
    expect(publicListFrom(new URLSearchParams("id=2026-11-21"))).toEqual({ date: "2026-11-21", week: false });
    expect(publicListFrom(new URLSearchParams("wid=2026-11-16"))).toEqual({ date: "2026-11-16", week: true });
    expect(publicListFrom(new URLSearchParams("wid=2026-11-16&id=2026-11-21"))).toEqual({ date: "2026-11-21", week: false });
  });

  it("finds a week's list from any day of it: the list is dated by its Monday", () => {
    expect(publicListFrom(new URLSearchParams("wid=2026-11-18"))).toEqual({ date: "2026-11-16", week: true });
    expect(publicListFrom(new URLSearchParams("wid=hello"))).toEqual({ date: "hello", week: true });
  });

  it("heads the page with the date as dd-MM-yyyy, and with no date for what is not one", async () => {
    expect(await headingIn("en", { date: "2026-11-21", week: false })).toBe("Profiles of 21-11-2026");
    expect(await headingIn("en", { date: "2026-11-16", week: true })).toBe("Profiles of the Week of 16-11-2026");
    expect(await headingIn("en", { date: "hello", week: false })).toBe("Profiles");
    expect(await headingIn("en", null)).toBe("Profiles");
  });

  it("heads it in Telugu with the date as Telugu readers write it (ADR 0040)", async () => {
    expect(await headingIn("te", { date: "2026-11-21", week: false })).toBe("21 నవంబర్, 2026 నాటి ప్రొఫైల్స్");
    expect(await headingIn("te", { date: "2026-11-16", week: true })).toBe("16 నవంబర్, 2026 నుండి మొదలైన వారం ప్రొఫైల్స్");
    expect(await headingIn("te", null)).toBe("ప్రొఫైల్స్");
  });
});
