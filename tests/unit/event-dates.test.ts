import { describe, expect, it } from "vitest";
import { indiaDate } from "#shared/dates.ts";
import { interestDate } from "#web/features/interests/lib/action-messages.ts";

// The date of a request (sent, approved, rejected) is India's, the agency's
// (ADR 0040), on the Worker that renders /viewed_by_profiles (UTC, ADR 0042)
// and on the phone that adopts its HTML (any zone): one text on both sides, so
// React's hydration finds what it draws. India's day turns at 18:30 UTC.

describe("the date of a request", () => {
  it("is India's next day for a request stamped between 18:30 and midnight UTC", () => {
    expect(indiaDate(new Date("2026-11-06T19:40:00Z"))).toBe("2026-11-07");
    expect(interestDate("2026-11-06T19:40:00Z", "en")).toBe("07-11-2026");
    expect(interestDate("2026-11-06T23:59:59.999Z", "en")).toBe("07-11-2026");
    expect(interestDate("2026-11-06T19:40:00Z", "te")).toBe("7 నవంబర్, 2026");
  });

  it("is still India's day just before 18:30 UTC, and early in India's morning", () => {
    expect(interestDate("2026-11-06T18:29:59Z", "en")).toBe("06-11-2026");
    // 07:30 on the 7th in India, still the 6th west of Greenwich.
    expect(interestDate("2026-11-07T02:00:00Z", "en")).toBe("07-11-2026");
    expect(interestDate("2026-11-06T18:29:59Z", "te")).toBe("6 నవంబర్, 2026");
  });

  it("is a dash for a timestamp that is not one", () => {
    expect(interestDate("not a date")).toBe("-");
  });
});
