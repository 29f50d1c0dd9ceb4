import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../scripts/demo/random.ts";
import { interleave } from "../../web/features/public-profiles/lib/interleave.ts";
import { parseMarkup } from "../../web/features/public-profiles/lib/message-markup.ts";
import { displayListDate, publicListFrom } from "../../web/features/public-profiles/lib/public-list.ts";

// The public page's pure parts: WhatsApp markup, random placement of the
// agency's messages, and which list a /link names.

describe("parseMarkup", () => {
  it("reads *bold*, _italic_, ~strike~ and line breaks", () => {
    expect(parseMarkup("*New* profiles _every_ ~day~ week\nCall us")).toEqual([
      { style: "bold", children: ["New"] },
      " profiles ",
      { style: "italic", children: ["every"] },
      " ",
      { style: "strike", children: ["day"] },
      " week",
      { style: "break" },
      "Call us",
    ]);
  });

  it("nests styles and reads Telugu words with their vowel signs", () => {
    expect(parseMarkup("*_శుభమస్తు_ అందరికీ*")).toEqual([{ style: "bold", children: [{ style: "italic", children: ["శుభమస్తు"] }, " అందరికీ"] }]);
  });

  it("leaves markers that do not pair up, or sit inside words, as text", () => {
    expect(parseMarkup("2*3*4 and snake_case_name")).toEqual(["2*3*4 and snake_case_name"]);
    expect(parseMarkup("* not bold *")).toEqual(["* not bold *"]);
    expect(parseMarkup("*open\nclose*")).toEqual(["*open", { style: "break" }, "close*"]);
    expect(parseMarkup("**")).toEqual(["**"]);
  });

  it("keeps HTML as plain text, for React to escape", () => {
    expect(parseMarkup('<img src=x onerror="alert(1)"> *<b>hi</b>*')).toEqual([
      '<img src=x onerror="alert(1)"> ',
      { style: "bold", children: ["<b>hi</b>"] },
    ]);
  });

  it("turns \\r\\n and \\r into one break each", () => {
    expect(parseMarkup("a\r\nb\rc")).toEqual(["a", { style: "break" }, "b", { style: "break" }, "c"]);
  });
});

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
  it("needs id or wid (section 2); id is a day's list, wid a week's, id first", () => {
    expect(publicListFrom(new URLSearchParams(""))).toBeNull();
    expect(publicListFrom(new URLSearchParams("id=&wid=%20"))).toBeNull();
    expect(publicListFrom(new URLSearchParams("id=2026-11-21"))).toEqual({ date: "2026-11-21", week: false });
    expect(publicListFrom(new URLSearchParams("wid=2026-11-16"))).toEqual({ date: "2026-11-16", week: true });
    expect(publicListFrom(new URLSearchParams("wid=2026-11-16&id=2026-11-21"))).toEqual({ date: "2026-11-21", week: false });
  });

  it("shows ISO dates as dd-MM-yyyy and anything else as it came", () => {
    expect(displayListDate("2026-11-21")).toBe("21-11-2026");
    expect(displayListDate("today")).toBe("today");
  });
});
