import { describe, expect, it } from "vitest";
import { CONSENT_TEXTS, NOTICE_LANGUAGES, NOTICE_VERSION } from "#shared/privacy-notice.ts";
import { NOTICE_ITEM_IDS, PRIVACY_NOTICE } from "#shared/privacy-notice-text.ts";
import { byDueDate } from "#web/features/agency/lib/data-requests.ts";

// The privacy notice (ADR 0033): each language complete on its own, the
// version a real day, the periods the agency configures written in.

const TELUGU = /[\u0C00-\u0C7F]/;

describe("privacy notice", () => {
  it("names its version as the day it was published", () => {
    expect(NOTICE_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${NOTICE_VERSION}T00:00:00Z`).toISOString().slice(0, 10)).toBe(NOTICE_VERSION);
  });

  it.each(NOTICE_LANGUAGES)("lists every item with its use and who sees it, in %s", (language) => {
    const notice = PRIVACY_NOTICE[language];
    for (const id of NOTICE_ITEM_IDS) {
      const item = notice.items[id];
      for (const text of [item.what, item.use, item.seenBy]) {
        expect(text.trim().length, `${language} ${id}`).toBeGreaterThan(3);
        // Telugu is written in Telugu script; English has none of it.
        expect(TELUGU.test(text), `${language} ${id}: ${text}`).toBe(language === "te");
      }
    }
    expect(notice.rights.length).toBe(5);
  });

  it("writes the agency's periods into how long data is kept, in both languages", () => {
    for (const language of NOTICE_LANGUAGES) {
      const lines = PRIVACY_NOTICE[language].keeping({ erasureAfterDays: 11, retentionYears: 4 }).join(" ");
      expect(lines).toContain("11");
      expect(lines).toContain("4");
      expect(lines).toContain("48");
    }
  });

  it("says each consent in one sentence, the same in the notice as on the forms", () => {
    for (const language of NOTICE_LANGUAGES) {
      for (const purpose of ["publicList", "promotions"] as const) {
        const { label, sentence } = CONSENT_TEXTS[language][purpose];
        expect(sentence.split(/[.।]\s/).length, `${language} ${purpose}`).toBe(1);
        expect(PRIVACY_NOTICE[language].consents[purpose]).toEqual({ label, sentence });
      }
    }
  });
});

describe("data requests in the console", () => {
  it("puts open requests first, the most overdue at the top, then closed ones newest first", () => {
    const request = (id: number, status: "open" | "closed", dueOn: string, receivedAt: string) => ({ id, status, dueOn, receivedAt });
    const sorted = byDueDate([
      request(1, "closed", "2026-10-01", "2026-09-01T10:00:00Z"),
      request(2, "open", "2026-12-20", "2026-11-20T10:00:00Z"),
      request(3, "open", "2026-11-01", "2026-08-03T10:00:00Z"),
      request(4, "closed", "2026-11-01", "2026-10-01T10:00:00Z"),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual([3, 2, 4, 1]);
  });
});
