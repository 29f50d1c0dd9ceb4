import { afterEach, describe, expect, it, vi } from "vitest";
import { agencyToday } from "#web/features/agency/lib/agency-today.ts";
import { receivedDay } from "#web/features/agency/lib/data-requests.ts";
import { renewalNeedsViews, renewedUntil } from "#web/features/agency/lib/renewal.ts";

// The console counts days as the server does, on India's calendar (ADR 0008),
// whatever the time zone of the computer staff use.

afterEach(() => {
  vi.useRealTimers();
});

describe("the console's today", () => {
  it("is India's date, which turns at 18:30 UTC", () => {
    expect(agencyToday(new Date("2026-03-10T18:29:00Z"))).toBe("2026-03-10");
    expect(agencyToday(new Date("2026-03-10T18:30:00Z"))).toBe("2026-03-11");
  });

  it("renews a membership that ended yesterday in India from India's today, so no paid day is lost", () => {
    // 01:00 on 11 March in India; still 10 March in London and New York.
    vi.useFakeTimers({ now: new Date("2026-03-10T19:30:00Z") });
    expect(renewedUntil({ profileType: "MEMBER", profilesCount: 10, total: 0, lastViewDate: "2026-03-10" }, 3)).toBe("2026-06-11");
    // Still running in India: counted from its last day.
    expect(renewedUntil({ profileType: "MEMBER", profilesCount: 10, total: 0, lastViewDate: "2026-03-11" }, 3)).toBe("2026-06-11");
  });

  it("shows a request recorded from a call on the day staff typed", () => {
    expect(receivedDay("2026-03-10T00:00:00.000Z")).toBe("10 Mar 2026");
  });
});

describe("a renewal's profiles allowed", () => {
  it("is left for staff to fill in when the member has no views left, whether none were allowed or all were used", () => {
    expect(renewalNeedsViews("0", "0")).toBe(true);
    expect(renewalNeedsViews("30", "30")).toBe(true);
    expect(renewalNeedsViews("", "0")).toBe(true);
    expect(renewalNeedsViews("30", "29")).toBe(false);
    expect(renewalNeedsViews("30", "")).toBe(false);
  });
});
