import { describe, expect, it } from "vitest";
import { interleave, seededRandom } from "#web/features/public-profiles/lib/interleave.ts";

// A /link page rendered by the Worker (ADR 0031) places the agency's messages
// by a seed it sends with the page; the browser's first render places them by
// the same seed, so that it adopts the cards and messages where they are.

describe("the messages' places on a page the Worker rendered", () => {
  const cards = [1, 2, 3, 4, 5, 6];
  const messages = ["m1", "m2"];

  it("are the same for the same seed, in the Worker and in the browser", () => {
    for (const seed of [0, 1, 42, 2 ** 31, 2 ** 32 - 1]) {
      expect(interleave(cards, messages, seededRandom(seed))).toEqual(interleave(cards, messages, seededRandom(seed)));
    }
  });

  it("are still random from one visit to the next: every gap is used over many seeds", () => {
    const places = new Set<number>();
    for (let seed = 0; seed < 400; seed++) places.add(interleave(cards, ["only"], seededRandom(seed * 7919)).findIndex((item) => item.kind === "message"));
    expect([...places].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("draws numbers in [0, 1), as Math.random does", () => {
    const random = seededRandom(123_456_789);
    for (let i = 0; i < 10_000; i++) {
      const value = random();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
