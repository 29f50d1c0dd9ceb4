import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanParameter, interestReceivedMessage } from "#shared/whatsapp-messages.ts";

// Every value that goes into a WhatsApp message from the agency's number
// passes cleanParameter (ADR 0025, ADR 0020): one line, no markup, nothing
// invisible, no link WhatsApp would draw, never longer than its cap.

/** Pieces an attacker or a phone keyboard may put in a value. */
const PIECES = [
  "\n",
  "\r\n",
  "\t",
  "\u2028",
  "\u2029",
  "\u000b",
  "\u0000",
  "\u007f",
  "\u0085",
  "*",
  "_",
  "~",
  "`",
  "```",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u00ad",
  "http://",
  "https://",
  "www.",
  "wa.me/",
  ".",
  ".com",
  "\u3002",
  "\uff0e",
  ":",
  "/",
  "//",
  " ",
  "  ",
  "\u00a0",
  "\u3000",
  "Ravi",
  "evil",
  "7",
  "4.5",
  "క",
  "\u0c4d",
  "శ్రీ",
  "\ud800",
  "…",
  "😀",
];

const value = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join("")),
  fc.string({ unit: "binary", maxLength: 120 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
);
const cap = fc.integer({ min: 1, max: 120 });

/** ZWNJ and ZWJ where Telugu spelling needs them: after a virama (a mark), before a letter. */
const SPELLING_JOINER = /(?<=\p{M})[\u200c\u200d](?=\p{L})/gu;

describe("cleanParameter", () => {
  it("never leaves a line break, a control, markup or an invisible character other than a spelling joiner", () => {
    fc.assert(
      fc.property(value, cap, (text, max) => {
        const out = cleanParameter(text, max);
        expect(out).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
        expect(out).not.toMatch(/[*_~`]/);
        expect(out.replace(SPELLING_JOINER, "")).not.toMatch(/[\p{Cf}\p{Cs}]/u);
      }),
      { numRuns: 2000 },
    );
  });

  it("never leaves a scheme or a domain WhatsApp would draw as a link", () => {
    fc.assert(
      fc.property(value, cap, (text, max) => {
        const out = cleanParameter(text, max);
        expect(out).not.toContain("://");
        expect(out).not.toMatch(/[\p{L}\p{N}][.\u3002\uff0e\uff61]\p{L}/u);
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent, trimmed, single-spaced and never longer than its cap", () => {
    fc.assert(
      fc.property(value, cap, (text, max) => {
        const out = cleanParameter(text, max);
        expect(cleanParameter(out, max)).toBe(out);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).toBe(out.trim());
        expect(out).not.toContain("  ");
      }),
      { numRuns: 2000 },
    );
  });

  it("turns line breaks and tabs into spaces and drops markup", () => {
    expect(cleanParameter("Ravi\n\n*URGENT*: renew\tnow")).toBe("Ravi URGENT: renew now");
    expect(cleanParameter("*Urgent* _pay_ ~now~ `x` ```y```")).toBe("Urgent pay now x y");
    expect(cleanParameter("\t a  \r\n b \u0000\u2028c")).toBe("a b c");
  });

  it("drops direction controls, isolates and zero-width characters, keeping the joiner of Telugu spelling", () => {
    expect(cleanParameter("\u202eevil\u2066 name\u2069\u200f")).toBe("evil name");
    expect(cleanParameter("Ra\u200bvi\u2060 Ku\ufeffmar\u00ad")).toBe("Ravi Kumar");
    expect(cleanParameter("పాస్\u200cవర్డ్")).toBe("పాస్\u200cవర్డ్");
    // A joiner anywhere else hides nothing a reader needs.
    expect(cleanParameter("a\u200cb \u200dక")).toBe("ab క");
  });

  it("breaks links so WhatsApp draws none, and leaves what staff read", () => {
    expect(cleanParameter("Renew now: https://evil.example/pay")).toBe("Renew now: https: //evil. example/pay");
    expect(cleanParameter("www.evil.in")).toBe("www. evil. in");
    expect(cleanParameter("wa.me/919999999999")).toBe("wa. me/919999999999");
    // Zero-width characters cannot hide a scheme from the rule.
    expect(cleanParameter("ht\u200btp:/\u200b/evil\u200b.com")).toBe("http: //evil. com");
    // A Telugu word ends in a vowel sign (a mark), and a domain may follow it all the same.
    expect(cleanParameter("తెలుగు.com")).toBe("తెలుగు. com");
    // Numbers, dates and names stay as they are.
    expect(cleanParameter("Sri Lakshmi Marriage Bureau")).toBe("Sri Lakshmi Marriage Bureau");
    expect(cleanParameter("31-05-2027")).toBe("31-05-2027");
    expect(cleanParameter("4.5")).toBe("4.5");
    expect(cleanParameter("K. Ramesh")).toBe("K. Ramesh");
  });

  it("cuts at a whole character with an ellipsis", () => {
    expect(cleanParameter("x".repeat(100))).toBe(`${"x".repeat(79)}…`);
    expect(cleanParameter(`${"x".repeat(78)}😀😀`)).toBe(`${"x".repeat(78)}…`);
    expect(cleanParameter("ab cd", 4)).toBe("ab…");
  });

  it("is what a message's parameters and text are made of", () => {
    const message = interestReceivedMessage("en", { agency: "Agency\n*Click* http://x.io", fromPid: 1, toPid: 2, origin: "https://a", path: "p" });
    expect(message.params.body[0]).toBe("Agency Click http: //x. io");
    expect(message.body).toContain("Namaste from Agency Click http: //x. io. The member with Profile ID 1");
  });
});
