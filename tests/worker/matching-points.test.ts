import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { FullProfile, ProfileCard, ProfilePage } from "#shared/api-types.ts";
import { birthStarOfPadham, scoreAshtakoota, type BirthStar } from "#shared/astro/ashtakoota.ts";
import { api, createInterest, createMember, postJson, signedInMember } from "./setup/fixtures.ts";

// Matching points in the API (ADR 0016): every card carries the
// viewer's Ashtakoota total against it, the groom and bride taken from the
// genders; the full profile carries the breakdown; the detailed search
// filters by a minimum and sorts by points across the whole result, so its
// pages neither repeat nor skip a profile. One world per file: 25 brides,
// 24 born in padhams spread over the zodiac and one in Ashwini 1, and a groom
// born in Hasta 1.

type Member = Awaited<ReturnType<typeof signedInMember>>;
const ACTIVE = { profileType: "LIFE", profilesCount: 10, lastViewDate: "2099-01-01" } as const;
const GROOM_BIRTH: BirthStar = { star: 13, padham: 1 };
const brides = new Map<number, BirthStar>();
let groom: Member;
let ashwiniBride: Member;

async function setBirthStar(pid: number, { star, padham }: BirthStar): Promise<void> {
  await env.DB.prepare("UPDATE members SET star_id = ?2, padham_id = ?3 WHERE pid = ?1").bind(pid, star, padham).run();
}

async function get<T>(member: Member, path: string): Promise<T> {
  const response = await api(path, { headers: member.headers });
  expect(response.status, path).toBe(200);
  return (await response.json<{ data: T }>()).data;
}

/** Every page of a detailed search, in order. */
async function allPages(member: Member, query: string): Promise<ProfileCard[]> {
  const cards: ProfileCard[] = [];
  for (let page = 1; ; page++) {
    const result = await get<ProfilePage>(member, `/api/eloborate_profile?${query}&page=${page}`);
    cards.push(...result.profiles);
    if (result.pageCount === page) return cards;
  }
}

const expectedFor = (pid: number) => scoreAshtakoota(GROOM_BIRTH, brides.get(pid)!).total;

beforeAll(async () => {
  for (let i = 0; i < 24; i++) {
    const bride = await createMember({ gender: "F" });
    // Padhams 1, 30, 59, 88, 9, ...: 29 is prime to 108, so they never repeat.
    const birth = birthStarOfPadham(1 + ((i * 29) % 108));
    await setBirthStar(bride.pid, birth);
    brides.set(bride.pid, birth);
  }
  ashwiniBride = await signedInMember({ gender: "F", ...ACTIVE });
  await setBirthStar(ashwiniBride.pid, { star: 1, padham: 1 });
  brides.set(ashwiniBride.pid, { star: 1, padham: 1 });
  groom = await signedInMember({ gender: "M", ...ACTIVE });
  await setBirthStar(groom.pid, GROOM_BIRTH);
});

describe("astroPoints on cards", () => {
  it("are the viewer's Ashtakoota total against each profile, the viewer as groom", async () => {
    const cards: ProfileCard[] = [];
    for (let page = 1; page <= 3; page++) cards.push(...(await get<ProfilePage>(groom, `/api/Simple_Search_Profiles?page=${page}`)).profiles);
    expect(cards).toHaveLength(brides.size);
    for (const card of cards) expect(card.astroPoints, `bride ${card.pid}`).toBe(expectedFor(card.pid));
    // The points differ from profile to profile: they are computed, not a constant.
    expect(new Set(cards.map((card) => card.astroPoints)).size).toBeGreaterThan(5);
  });

  it("take the bride's role from her gender when a bride looks at a groom", async () => {
    // Hasta 1 groom and Ashwini 1 bride score 8; the other way round 10 (varna and vashya depend on the roles).
    const card = await get<ProfileCard>(ashwiniBride, `/api/single_user_profile/${groom.pid}`);
    expect(card.astroPoints).toBe(scoreAshtakoota(GROOM_BIRTH, { star: 1, padham: 1 }).total);
    expect(card.astroPoints).not.toBe(scoreAshtakoota({ star: 1, padham: 1 }, GROOM_BIRTH).total);
  });

  it("are null for one's own gender and for one's own card", async () => {
    const other = await createMember({ gender: "M" });
    expect((await get<ProfileCard>(groom, `/api/single_user_profile/${other.pid}`)).astroPoints).toBeNull();
    expect((await get<ProfileCard>(groom, `/api/single_user_profile/${groom.pid}`)).astroPoints).toBeNull();
  });
});

describe("GET /api/eloborate_profile with minPoints and order=points", () => {
  it("keeps exactly the profiles at or above the minimum, over every page", async () => {
    const totals = [...brides.keys()].map(expectedFor);
    // The median: some brides on each side of it.
    const minimum = Math.floor([...totals].sort((a, b) => a - b)[Math.floor(totals.length / 2)]!);
    const cards = await allPages(groom, `minPoints=${minimum}`);
    const expected = [...brides.keys()].filter((pid) => expectedFor(pid) >= minimum);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(brides.size);
    expect(cards.map((card) => card.pid).sort()).toEqual(expected.sort());
    for (const card of cards) expect(card.astroPoints!).toBeGreaterThanOrEqual(minimum);
  });

  it("sorts the whole result by points, best first, pages neither repeating nor skipping", async () => {
    const cards = await allPages(groom, "order=points");
    expect(cards.map((card) => card.pid).sort()).toEqual([...brides.keys()].sort());
    const points = cards.map((card) => card.astroPoints!);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(points).toEqual(cards.map((card) => expectedFor(card.pid)));
  });

  it("combines with other filters and the minimum", async () => {
    const cards = await allPages(groom, "minPoints=18&order=points&religion=1");
    const points = cards.map((card) => card.astroPoints!);
    expect(points.every((value) => value >= 18)).toBe(true);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });

  it("refuses a minimum outside 0 to 36 and an unknown order", async () => {
    for (const [query, field, message] of [
      ["minPoints=37", "minPoints", "Matching points must be between 0 and 36"],
      ["order=stars", "order", "order must be tier or points"],
    ]) {
      const response = await api(`/api/eloborate_profile?${query}`, { headers: groom.headers });
      expect(response.status).toBe(400);
      expect((await response.json<{ fields: Record<string, string> }>()).fields[field!]).toBe(message);
    }
  });
});

describe("GET /api/matching_profiles", () => {
  it("lists the best matching points first", async () => {
    const groomBorn1994 = await signedInMember({ gender: "M", birthDate: "1994-06-01", ...ACTIVE });
    await setBirthStar(groomBorn1994.pid, GROOM_BIRTH);
    const points = (await get<ProfilePage>(groomBorn1994, "/api/matching_profiles")).profiles.map((card) => card.astroPoints!);
    expect(points).toHaveLength(10);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });
});

describe("the full profile", () => {
  it("carries the eight kootas, the total and the doshas against the viewer", async () => {
    const [pid, birth] = [...brides.entries()][3]!;
    await createInterest(groom.pid, pid, "approved");
    expect((await postJson("/api/view_profile", { pid }, groom.headers)).status).toBe(200);
    const profile = await get<FullProfile>(groom, `/api/users/${pid}?normalized=true`);
    const expected = scoreAshtakoota(GROOM_BIRTH, birth);
    expect(profile.astroMatch).toEqual(expected);
    expect(profile.astroPoints).toBe(expected.total);
  });

  it("has no points on one's own profile", async () => {
    const own = await get<FullProfile>(groom, `/api/users/${groom.pid}?normalized=true`);
    expect(own.astroMatch).toBeNull();
    expect(own.astroPoints).toBeNull();
  });
});
