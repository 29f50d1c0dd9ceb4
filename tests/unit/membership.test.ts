import { describe, expect, it } from "vitest";
import { balance, isActive, isPaid, type ProfileLimits } from "#shared/membership.ts";
import { todayIn } from "#shared/dates.ts";
import { profileTypeLabel } from "#shared/constants.ts";

// The membership rules (docs/specification.md § "4. States and transitions",
// § "6. Roles and permissions", § "9. Business constants and limits") and the
// tiers' display names (§ "Profile list / card record").

const limits = (overrides: Partial<ProfileLimits>): ProfileLimits => ({
  profileType: "PREMIUM",
  profilesCount: 10,
  total: 0,
  lastViewDate: "2026-11-21",
  ...overrides,
});

describe('membership rules (§ "4. States and transitions", § "6. Roles and permissions", § "9. Business constants and limits")', () => {
  it("paid means not FREE", () => {
    expect(isPaid(limits({ profileType: "FREE" }))).toBe(false);
    for (const type of ["MEMBER", "DONOR", "PREMIUM", "LIFE"] as const) expect(isPaid(limits({ profileType: type }))).toBe(true);
  });

  it("balance is profilesCount minus total with a floor of 0", () => {
    expect(balance(limits({ profilesCount: 10, total: 3 }))).toBe(7);
    expect(balance(limits({ profilesCount: 3, total: 3 }))).toBe(0);
    expect(balance(limits({ profilesCount: 2, total: 5 }))).toBe(0);
  });

  it("is active through the last view date itself, and not the day after", () => {
    expect(isActive(limits({ lastViewDate: "2026-11-21" }), "2026-11-21")).toBe(true);
    expect(isActive(limits({ lastViewDate: "2026-11-20" }), "2026-11-21")).toBe(false);
    expect(isActive(limits({ lastViewDate: "2026-11-21T00:00:00.000Z" }), "2026-11-21")).toBe(true);
    expect(isActive(limits({ lastViewDate: null }), "2026-11-21")).toBe(false);
    expect(isActive(limits({ profileType: "FREE", lastViewDate: "2099-01-01" }), "2026-11-21")).toBe(false);
  });

  it("takes today in the agency's time zone, not UTC", () => {
    // 20:00 UTC on the 21st is already the 22nd in India (UTC+5:30).
    const evening = new Date("2026-11-21T20:00:00Z");
    expect(todayIn("Asia/Kolkata", evening)).toBe("2026-11-22");
    expect(todayIn("UTC", evening)).toBe("2026-11-21");
  });

  it("keeps one formatter per time zone, never one zone's date for another or one instant's for the next", () => {
    const evening = new Date("2026-11-21T20:00:00Z");
    const nextMorning = new Date("2026-11-22T03:00:00Z");
    // Interleaved, so that a formatter kept for the wrong zone or a date kept instead of a formatter shows.
    expect([todayIn("Asia/Kolkata", evening), todayIn("UTC", evening), todayIn("America/Los_Angeles", nextMorning), todayIn("Asia/Kolkata", nextMorning)]).toEqual([
      "2026-11-22",
      "2026-11-21",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(todayIn("UTC", nextMorning)).toBe("2026-11-22");
    // A date is kept for its minute only: midnight in India is 18:30 UTC.
    expect(todayIn("Asia/Kolkata", new Date("2026-11-22T18:29:59.999Z"))).toBe("2026-11-22");
    expect(todayIn("Asia/Kolkata", new Date("2026-11-22T18:30:00.000Z"))).toBe("2026-11-23");
    expect(todayIn("Asia/Kolkata", new Date("2026-11-22T18:29:00.000Z"))).toBe("2026-11-22");
    // A zone Intl refuses is refused every time, not remembered as a formatter.
    expect(() => todayIn("Not/A_Zone", evening)).toThrow(RangeError);
    expect(() => todayIn("Not/A_Zone", evening)).toThrow(RangeError);
  });

  it("shows tiers by their display names", () => {
    expect(["LIFE", "DONOR", "MEMBER", "FREE", "PREMIUM", "OTHER"].map(profileTypeLabel)).toEqual(["PLATINUM", "GOLD", "SILVER", "MEMBER", "PREMIUM", "OTHER"]);
  });
});
