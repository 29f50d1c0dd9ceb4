import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProfilePage } from "#shared/api-types.ts";
import { ACTIVE_COUNT_WINDOW_MS, activeCountClock } from "#worker/db/profiles.ts";
import { LIVE_SESSION_WINDOW_MS, liveSessionClock } from "#worker/lib/live-sessions.ts";
import { api, createInterest, createMember, postJson, sendJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// What a search takes from this isolate's memory instead of D1 (ADR 0028):
// the viewer's row, for the session's five seconds, forgotten at once by the member's own and staff's writes; the
// count of active members per gender, for five seconds. A charge never
// trusts the remembered row. The clocks are moved instead of waiting.

let now = Date.now();
const brides: number[] = [];

beforeAll(async () => {
  for (let i = 0; i < 12; i++) brides.push((await createMember({ gender: "F", profileType: "MEMBER" })).pid);
});

beforeEach(() => {
  // Far from the previous test's time: nothing it remembered holds here.
  now += 3_600_000;
  vi.spyOn(liveSessionClock, "now").mockImplementation(() => now);
  vi.spyOn(activeCountClock, "now").mockImplementation(() => now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function secondPage(headers: Record<string, string>): Promise<ProfilePage> {
  const response = await api("/api/Simple_Search_Profiles?page=2", { headers });
  expect(response.status).toBe(200);
  return (await response.json<{ data: ProfilePage }>()).data;
}

/** Changes the member's tier in D1 behind the Worker's back, as another isolate would. */
async function setTierElsewhere(pid: number, profileType: "LIFE" | "FREE"): Promise<void> {
  await env.DB.prepare("UPDATE members SET profile_type = ?2 WHERE pid = ?1").bind(pid, profileType).run();
}

describe("the viewer a search sees", () => {
  it("is the row read within the window; a change made elsewhere shows when it ends", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    expect(await secondPage(groom.headers)).toMatchObject({ page: 2, paging: true });
    await setTierElsewhere(groom.pid, "FREE");
    now += LIVE_SESSION_WINDOW_MS - 1;
    expect(await secondPage(groom.headers)).toMatchObject({ page: 2, paging: true });
    now += 1;
    expect(await secondPage(groom.headers)).toMatchObject({ page: 1, paging: false });
  });

  it("is read again at once after the member's own write", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    expect((await secondPage(groom.headers)).paging).toBe(true);
    await setTierElsewhere(groom.pid, "FREE");
    expect((await secondPage(groom.headers)).paging).toBe(true);
    expect((await postJson("/api/remove_profile", { pid: brides[0] }, groom.headers)).status).toBe(200);
    expect(await secondPage(groom.headers)).toMatchObject({ page: 1, paging: false });
  });

  it("is read again at once after any staff write", async () => {
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M", profileType: "FREE" });
    expect((await secondPage(groom.headers)).paging).toBe(false);
    await setTierElsewhere(groom.pid, "LIFE");
    await env.DB.prepare("UPDATE members SET profiles_count = 5, last_view_date = '2099-01-01' WHERE pid = ?1").bind(groom.pid).run();
    expect((await secondPage(groom.headers)).paging).toBe(false);
    // A write about another member: staff may have changed anyone.
    const visibility = { showPhoto: 1, publicProfile: null };
    expect((await sendJson("PUT", `/api/admin/members/${brides[1]}/visibility`, visibility, staff.headers)).status).toBe(200);
    expect(await secondPage(groom.headers)).toMatchObject({ page: 2, paging: true });
  });

  it("never decides a charge: a view is refused on the balance D1 holds now", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 1, lastViewDate: "2099-01-01" });
    await createInterest(groom.pid, brides[2]!, "approved");
    expect((await secondPage(groom.headers)).paging).toBe(true);
    // The one view left is used up elsewhere, within the window.
    await env.DB.prepare("UPDATE members SET total = 1 WHERE pid = ?1").bind(groom.pid).run();
    const response = await postJson("/api/view_profile", { pid: brides[2] }, groom.headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "BALANCE_EXHAUSTED" });
  });
});

describe("simple search's page count", () => {
  it("follows the count of active members within the window", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    const before = (await secondPage(groom.headers)).pageCount;
    expect(before).toBeGreaterThanOrEqual(2);
    const addBrides = (count: number) => env.DB.prepare("UPDATE member_counts SET active_members = active_members + ?1 WHERE gender = 'F'").bind(count).run();
    await addBrides(100);
    try {
      now += ACTIVE_COUNT_WINDOW_MS - 1;
      expect((await secondPage(groom.headers)).pageCount).toBe(before);
      now += 1;
      expect((await secondPage(groom.headers)).pageCount).toBe(before + 10);
    } finally {
      await addBrides(-100);
    }
  });
});
