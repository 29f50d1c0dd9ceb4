import { afterEach, describe, expect, it, vi } from "vitest";
import { membershipSchema } from "#shared/schemas/admin.ts";

// The membership a console save sends (ADR 0018): the schema the server and
// the console's form share refuses a paid membership whose last day is past.

const sale = { profileType: "PREMIUM", profilesCount: 30, total: 0, expectedTotal: 0 };

function problems(lastViewDate: string | null, profileType = sale.profileType): Record<string, string> {
  const result = membershipSchema.safeParse({ ...sale, profileType, lastViewDate });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("membershipSchema's last day", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a paid membership whose last day is before India's today, under the date field", () => {
    // 25 Nov 2026, 20:00 in London is already 26 Nov in India.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T20:00:00Z"));
    expect(problems("2026-11-25")).toEqual({
      lastViewDate: "The last day cannot be before today. Choose today or a later day, or choose Free to end the membership",
    });
    expect(problems("2025-11-26")).toHaveProperty("lastViewDate");
    expect(problems("2026-11-26")).toEqual({});
    expect(problems("2027-06-12")).toEqual({});
  });

  it("leaves a free member without a date alone", () => {
    expect(problems(null, "FREE")).toEqual({});
  });
});

describe("membershipSchema's numbers", () => {
  it("takes numbers only, so text such as 1e3 or 0x1E is refused as not a whole number", () => {
    for (const typed of ["1e3", "0x1E", "30", 30.5]) {
      const result = membershipSchema.safeParse({ ...sale, profilesCount: typed, lastViewDate: "2099-12-31" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Profiles allowed must be a whole number, in digits only (such as 30)");
    }
  });
});
