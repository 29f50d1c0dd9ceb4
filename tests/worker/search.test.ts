import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProfileCard, ProfilePage } from "#shared/api-types.ts";
import { SIMPLE_SEARCH_ORDER, type ProfileType } from "#shared/constants.ts";
import { api, createInterest, createMember, hideProfile, signedInMember } from "./setup/fixtures.ts";

// Browse and search (docs/specification.md § "Lists and profiles",
// § "Member routes (login required)", § "Profile list / card record",
// § "Profile card content", § "6. Roles and permissions"): order, paging
// with wraparound, who may page, photos, and what a card may carry. One
// world per file: 23 brides of every tier and a few grooms looking at them.

type Member = Awaited<ReturnType<typeof signedInMember>>;
const TIERS: ProfileType[] = ["FREE", "MEMBER", "DONOR", "PREMIUM", "LIFE"];
const brides: number[] = [];
let activeGroom: Member;
let freeGroom: Member;
let expiredGroom: Member;

async function page(member: Member, query = ""): Promise<ProfilePage> {
  const response = await api(`/api/Simple_Search_Profiles${query}`, { headers: member.headers });
  expect(response.status).toBe(200);
  return (await response.json<{ data: ProfilePage }>()).data;
}

beforeAll(async () => {
  for (let i = 0; i < 23; i++) {
    const bride = await createMember({ gender: "F", profileType: TIERS[i % 5], profilesCount: 5, lastViewDate: "2099-01-01", showPhoto: i === 3 ? 2 : 1 });
    brides.push(bride.pid);
  }
  activeGroom = await signedInMember({ gender: "M", profileType: "PREMIUM", profilesCount: 10, lastViewDate: "2099-01-01" });
  freeGroom = await signedInMember({ gender: "M" });
  expiredGroom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 10, lastViewDate: "2020-01-01" });
});

describe("GET /api/Simple_Search_Profiles", () => {
  it("lists the opposite gender, 10 a page, grouped LIFE, PREMIUM, DONOR, MEMBER, FREE, newest first within a tier", async () => {
    const first = await page(activeGroom);
    expect(first.profiles).toHaveLength(10);
    expect(first.pageCount).toBe(3);
    expect(first.paging).toBe(true);
    const all = [...first.profiles, ...(await page(activeGroom, "?page=2")).profiles, ...(await page(activeGroom, "?page=3")).profiles];
    expect(all.map((card) => card.pid).sort()).toEqual([...brides].sort());
    const ranks = all.map((card) => SIMPLE_SEARCH_ORDER.indexOf(card.profileType as ProfileType));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    for (let i = 1; i < all.length; i++) {
      if (ranks[i] === ranks[i - 1]) expect(all[i]!.pid).toBeLessThan(all[i - 1]!.pid);
    }
  });

  it("wraps around past the last page", async () => {
    const fourth = await page(activeGroom, "?page=4");
    expect(fourth.page).toBe(1);
    expect(fourth.profiles.map((c) => c.pid)).toEqual((await page(activeGroom)).profiles.map((c) => c.pid));
  });

  it("orders newest first with order=new", async () => {
    const newest = await page(activeGroom, "?order=new");
    expect(newest.profiles.map((c) => c.pid)).toEqual([...brides].sort((a, b) => b - a).slice(0, 10));
  });

  it("gives FREE and expired members the first page only", async () => {
    for (const member of [freeGroom, expiredGroom]) {
      const result = await page(member, "?page=2");
      expect(result).toMatchObject({ page: 1, pageCount: 1, paging: false });
      expect(result.profiles.map((c) => c.pid)).toEqual((await page(activeGroom)).profiles.map((c) => c.pid));
    }
  });

  it("leaves out profiles the member removed (requestStatus D)", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    await hideProfile(groom.pid, brides[0]!);
    const pids: number[] = [];
    for (let p = 1; p <= 3; p++) pids.push(...(await page(groom, `?page=${p}`)).profiles.map((c) => c.pid));
    expect(pids).not.toContain(brides[0]);
  });

  it("counts the pages without the profiles the member removed, so that the last page is never empty", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    for (const pid of brides.slice(0, 3)) await hideProfile(groom.pid, pid);
    // Removed but never listed anyway: a closed profile, and one of the member's own gender.
    await hideProfile(groom.pid, (await createMember({ gender: "F", active: false })).pid);
    await hideProfile(groom.pid, activeGroom.pid);
    // 23 brides less the 3 removed fill two pages.
    expect(await page(groom)).toMatchObject({ page: 1, pageCount: 2 });
    const last = await page(groom, "?page=2");
    expect(last).toMatchObject({ page: 2, pageCount: 2 });
    expect(last.profiles).toHaveLength(10);
    expect((await page(groom, "?page=3")).page).toBe(1);
  });

  it("counts one page, the page shown, when the member removed every profile", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    const { results } = await env.DB.prepare("SELECT pid FROM members WHERE gender = 'F'").all<{ pid: number }>();
    for (const { pid } of results) await hideProfile(groom.pid, pid);
    // Never "page 1 of 0": a page count is at least the page it comes with.
    const only = await page(groom);
    expect(only).toMatchObject({ page: 1, pageCount: 1, paging: true });
    expect(only.profiles).toEqual([]);
    expect(await page(groom, "?page=2")).toMatchObject({ page: 1, pageCount: 1 });
  });

  it("refuses a page that is not a number", async () => {
    const response = await api("/api/Simple_Search_Profiles?page=abc", { headers: activeGroom.headers });
    expect(response.status).toBe(400);
  });
});

describe("cards", () => {
  it("blur photos unless the request is approved or the owner shows the photo to all", async () => {
    const groom = await signedInMember({ gender: "M", profileType: "DONOR", profilesCount: 5, lastViewDate: "2099-01-01" });
    await createInterest(groom.pid, brides[5]!, "approved");
    await createInterest(groom.pid, brides[6]!, "pending");
    const card = async (pid: number) => (await (await api(`/api/single_user_profile/${pid}`, { headers: groom.headers })).json<{ data: ProfileCard }>()).data;
    expect(await card(brides[5]!)).toMatchObject({
      requestStatus: "A",
      photoVisible: true,
      photoUrl: `/images/photos/full-${brides[5]}.jpg`,
      photoCardUrl: `/images/cards/photos/full-${brides[5]}.jpg`,
    });
    expect(await card(brides[6]!)).toMatchObject({
      requestStatus: "-",
      photoVisible: false,
      photoUrl: `/images/photos/full-${brides[6]}-blur.jpg`,
      photoCardUrl: `/images/photos/full-${brides[6]}-blur.jpg`,
    });
    expect((await card(brides[6]!)).interestedAt).not.toBeNull();
    expect(await card(brides[3]!)).toMatchObject({ showPhoto: 2, photoVisible: true });
  });

  it("carry the show-more details for paid members only", async () => {
    const paid = (await page(activeGroom)).profiles[0]!;
    expect(paid.details).toMatchObject({ fatherName: "Venkata Rao", birthDate: "12-04-1996", birthTime: "6:30AM" });
    expect((await page(freeGroom)).profiles[0]!.details).toBeNull();
  });

  it("show names, not ids, and the age", async () => {
    const card = (await page(activeGroom)).profiles[0]!;
    expect(card).toMatchObject({ surname: "Kommineni", name: "Lakshmi", star: "Rohini", padham: "2", religion: "Hindu", birthPlace: "Guntur" });
    expect(card.starTe).toBe("రోహిణి");
    expect(card.age).toBeGreaterThanOrEqual(30);
  });
});

describe("GET /api/single_user_profile/{id} (search by ID)", () => {
  it("says no profile has the ID, for an unknown or closed profile alike", async () => {
    const closed = await createMember({ gender: "F", active: false });
    for (const pid of [999_999, closed.pid]) {
      const response = await api(`/api/single_user_profile/${pid}`, { headers: activeGroom.headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: `No profile with ID ${pid}`, code: "NOT_FOUND" });
    }
    expect((await api("/api/single_user_profile/abc", { headers: activeGroom.headers })).status).toBe(400);
  });
});

describe("GET /api/eloborate_profile", () => {
  it("filters by age and star, and pages with a next-page flag", async () => {
    const young = await createMember({ gender: "F", birthDate: "2004-01-01" });
    const response = await api("/api/eloborate_profile?ageMin=18&ageMax=23", { headers: activeGroom.headers });
    const result = (await response.json<{ data: ProfilePage }>()).data;
    expect(result.profiles.map((c) => c.pid)).toEqual([young.pid]);
    const none = await api("/api/eloborate_profile?star=1", { headers: activeGroom.headers });
    expect((await none.json<{ data: ProfilePage }>()).data.profiles).toEqual([]);
    const all = (await (await api("/api/eloborate_profile?star=4&religion=1", { headers: activeGroom.headers })).json<{ data: ProfilePage }>()).data;
    expect(all.profiles).toHaveLength(10);
    expect(all.pageCount).toBe(2);
  });

  it("refuses filters out of range", async () => {
    const response = await api("/api/eloborate_profile?ageMin=5", { headers: activeGroom.headers });
    expect(response.status).toBe(400);
    expect((await response.json<{ fields: Record<string, string> }>()).fields.ageMin).toBe("Age must be between 18 and 80");
  });
});

describe("GET /api/matching_profiles", () => {
  it("matches the same religion and marriage turn with the groom 0 to 7 years older", async () => {
    const groom = await signedInMember({ gender: "M", birthDate: "1994-06-01", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    const result = (await (await api("/api/matching_profiles", { headers: groom.headers })).json<{ data: ProfilePage }>()).data;
    // Every bride in this file was born 1996-04-12 (within 7 years after him) except the 2004 one.
    expect(result.profiles.length).toBe(10);
    const older = await signedInMember({ gender: "M", birthDate: "1980-01-01" });
    expect((await (await api("/api/matching_profiles", { headers: older.headers })).json<{ data: ProfilePage }>()).data.profiles).toEqual([]);
  });
});

describe("searches read few rows", () => {
  it("chooses a simple-search page on an index, never scanning members", async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT pid, type_rank FROM members WHERE gender = 'F' AND active = 1 AND pid <> 1
       AND NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = 1 AND hp.hidden_pid = members.pid)
       ORDER BY type_rank, pid DESC LIMIT 10 OFFSET 0`,
    ).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/SEARCH members USING (COVERING )?INDEX members_by_gender_rank/);
    expect(details).not.toMatch(/SCAN members/);
    expect(details).not.toMatch(/TEMP B-TREE/);
  });

  it("reads about a page of rows for the first page, not the whole table", async () => {
    const stats = await env.DB.prepare("SELECT pid FROM members WHERE gender = 'F' AND active = 1 ORDER BY type_rank, pid DESC LIMIT 10").run();
    expect(stats.meta.rows_read).toBeLessThanOrEqual(12);
  });
});

describe("rows read, for the bench only", () => {
  it("sends D1's rows read in a header when BENCH_DB_METRICS is true, and never otherwise", async () => {
    const path = "/api/Simple_Search_Profiles?page=2";
    // A member of their own: a page answered to them less than five seconds ago reads nothing (ADR 0028).
    const groom = await signedInMember({ gender: "M", profileType: "LIFE", profilesCount: 5, lastViewDate: "2099-01-01" });
    const metered = await api(path, { headers: groom.headers }, { ...env, BENCH_DB_METRICS: "true" } as Env);
    expect(metered.status).toBe(200);
    const rows = Number(metered.headers.get("X-D1-Rows-Read"));
    // Ten index entries skipped and one a card, read in the same statement, and at most the sign-in
    // check, the viewer and the count, which this isolate may have read less than five seconds ago.
    const cards = (await metered.json<{ data: ProfilePage }>()).data.profiles.length;
    expect(cards).toBeGreaterThan(0);
    expect(rows).toBeGreaterThanOrEqual(10 + cards);
    expect(rows).toBeLessThanOrEqual(14 + cards);
    expect((await api(path, { headers: activeGroom.headers })).headers.get("X-D1-Rows-Read")).toBeNull();
  });
});

describe("who may call", () => {
  it("requires a signed-in member", async () => {
    for (const path of ["/api/Simple_Search_Profiles", "/api/eloborate_profile", "/api/matching_profiles", "/api/single_user_profile/10001"]) {
      expect((await api(path)).status).toBe(401);
    }
  });
});
