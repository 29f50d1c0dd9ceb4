import { describe, expect, it } from "vitest";
import { raasiOf } from "#shared/astro/raasi.ts";
import { PROFILE_TYPES, PROFESSION_TYPE_NOT_WORKING } from "#shared/constants.ts";
import { balance, isActive } from "#shared/membership.ts";
import { ageOn } from "#shared/schemas/profile-fields.ts";
import { demoLogins } from "#scripts/demo/demo-logins.ts";
import { DEFAULT_SEED, PHOTO_POOL_SIZE, SHOWCASE_COUNT } from "#scripts/demo/demo-settings.ts";
import { generateDemoData, type DemoData, type DemoMember } from "#scripts/demo/generate-demo-data.ts";
import { INTEREST_STATES } from "#scripts/demo/generate-interactions.ts";
import { FIRST_PID, NAMED_ACCOUNTS } from "#scripts/demo/named-accounts.ts";
import type { ReferenceLists } from "#scripts/demo/reference-lists.ts";

// A small stand-in for the reference lists of worker/migrations, with the ids
// the product fixes (India 1, Andhra Pradesh 1, Telangana 2, Not Working 5).
const numbered = (count: number, label: string) => Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `${label} ${i + 1}` }));
const LISTS: ReferenceLists = {
  stars: numbered(27, "Star"),
  padhams: numbered(4, "Padham"),
  raasis: numbered(12, "Raasi"),
  heights: Array.from({ length: 37 }, (_, i) => ({ id: i + 1, name: `${48 + i} in`, cm: Math.round((48 + i) * 2.54) })),
  subcastes: [
    { id: 1, name: "Kamma" },
    { id: 2, name: "Reddy" },
    { id: 3, name: "Kapu" },
    { id: 4, name: "Christian" },
    { id: 5, name: "Muslim" },
    { id: 6, name: "Other" },
  ],
  religions: [
    { id: 1, name: "Hindu" },
    { id: 2, name: "Christian" },
    { id: 3, name: "Muslim" },
  ],
  basicEducations: numbered(8, "Basic"),
  qualifications: [
    { id: 1, name: "B.Tech", basicEducationId: 5 },
    { id: 2, name: "MBBS", basicEducationId: 5 },
    { id: 3, name: "MBA", basicEducationId: 6 },
    { id: 4, name: "LLB", basicEducationId: 5 },
    { id: 5, name: "Other", basicEducationId: null },
  ],
  professionTypes: [
    { id: 1, name: "Private Job" },
    { id: 2, name: "Government Job" },
    { id: 3, name: "Business" },
    { id: 4, name: "Self Employed / Professional" },
    { id: 5, name: "Not Working" },
  ],
  countries: [
    { id: 1, name: "India" },
    { id: 2, name: "USA" },
    { id: 3, name: "UK" },
    { id: 4, name: "UAE" },
  ],
  states: [
    { id: 1, name: "Andhra Pradesh" },
    { id: 2, name: "Telangana" },
    { id: 3, name: "Karnataka" },
  ],
  districts: [
    { id: 1, name: "Guntur", stateId: 1 },
    { id: 2, name: "Krishna", stateId: 1 },
    { id: 3, name: "Nellore (Sri Potti Sriramulu Nellore)", stateId: 1 },
    { id: 4, name: "Warangal", stateId: 2 },
    { id: 5, name: "Khammam", stateId: 2 },
    { id: 6, name: "Nalgonda", stateId: 2 },
  ],
  cities: [
    { id: 1, name: "Hyderabad", stateId: 2 },
    { id: 2, name: "Vijayawada", stateId: 1 },
    { id: 3, name: "Bengaluru", stateId: 3 },
    { id: 4, name: "Other", stateId: null },
  ],
  visas: [
    { id: 1, name: "H1B" },
    { id: 2, name: "Work Permit" },
    { id: 3, name: "Citizen" },
  ],
  annualIncomes: numbered(16, "Income"),
  familyBackgrounds: numbered(5, "Background"),
};

const TODAY = "2026-06-07";
const generate = (memberCount = 300, seed = DEFAULT_SEED) => generateDemoData({ seed, memberCount, today: TODAY, lists: LISTS });
const data = generate();

function named(dataSet: DemoData): DemoMember[] {
  return dataSet.members.slice(0, NAMED_ACCOUNTS.length);
}

describe("demo data generator", () => {
  it("is deterministic for a seed, and another seed gives other data", () => {
    expect(generate()).toEqual(data);
    const other = generate(300, 42);
    expect(other.members.map((m) => m.name)).not.toEqual(data.members.map((m) => m.name));
    expect(demoLogins(42)).not.toEqual(demoLogins(DEFAULT_SEED));
  });

  it("keeps the first members the same whatever the member count", () => {
    const larger = generate(400);
    expect(larger.members.slice(0, 300).map((m) => m.credential)).toEqual(data.members.map((m) => m.credential));
    expect(larger.members[42]?.name).toBe(data.members[42]?.name);
  });

  it("numbers pids from 10001 and gives every member a unique fake mobile", () => {
    expect(data.members).toHaveLength(300);
    expect(data.members.map((m) => m.pid)).toEqual(Array.from({ length: 300 }, (_, i) => FIRST_PID + i));
    const mobiles = data.members.map((m) => m.mobile);
    expect(new Set(mobiles).size).toBe(mobiles.length);
    for (const mobile of mobiles) expect(mobile).toMatch(/^\+919000\d{6}$/);
  });

  it("has both genders and ages 21 to 38", () => {
    const genders = data.members.map((m) => m.gender);
    expect(genders.filter((g) => g === "F").length).toBe(genders.filter((g) => g === "M").length);
    for (const member of data.members) {
      const age = ageOn(member.birthDate, TODAY);
      expect(age).toBeGreaterThanOrEqual(21);
      expect(age).toBeLessThanOrEqual(38);
      expect(member.birthTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    }
  });

  it("derives the raasi from star and padham (108 padhams, 9 per raasi)", () => {
    expect(raasiOf(1, 1)).toBe(1);
    expect(raasiOf(3, 1)).toBe(1);
    expect(raasiOf(3, 2)).toBe(2);
    expect(raasiOf(10, 1)).toBe(5);
    expect(raasiOf(27, 4)).toBe(12);
    expect(() => raasiOf(28, 1)).toThrow(RangeError);
    for (const member of data.members) expect(member.raasiId).toBe(raasiOf(member.starId, member.padhamId));
  });

  it("places every native district in its native state, in Andhra Pradesh or Telangana", () => {
    const stateOf = new Map(LISTS.districts.map((d) => [d.id, d.stateId]));
    for (const member of data.members) {
      expect([1, 2]).toContain(member.nativeStateId);
      expect(member.nativeCountryId).toBe(1);
      if (member.nativeDistrictId !== null) expect(stateOf.get(member.nativeDistrictId)).toBe(member.nativeStateId);
    }
  });

  it("fills the working fields according to the profession type", () => {
    const notWorking = data.members.filter((m) => m.professionTypeId === PROFESSION_TYPE_NOT_WORKING);
    const abroad = data.members.filter((m) => m.workingIn === 2);
    expect(notWorking.length).toBeGreaterThan(0);
    expect(abroad.length).toBeGreaterThan(0);
    for (const m of notWorking) expect([m.workingIn, m.workingCityId, m.workingCountryId, m.workVisaId, m.professionDetails]).toEqual([null, null, null, null, ""]);
    for (const m of abroad) {
      expect(m.workingCountryId).not.toBe(1);
      expect(m.abroadWorkingCity).toBeTruthy();
      expect(m.workVisaId).not.toBeNull();
      expect(m.incomeId).toBeNull();
    }
    for (const m of data.members.filter((m) => m.workingIn === 1)) expect(m.workingCityId).not.toBeNull();
  });

  it("gives 1-3 sibling rows exactly to members who declare siblings", () => {
    for (const member of data.members) {
      const rows = data.siblings.filter((s) => s.memberPid === member.pid);
      if (member.hasSiblings === 1) expect(rows.length).toBeGreaterThanOrEqual(1);
      if (member.hasSiblings === 1) expect(rows.length).toBeLessThanOrEqual(3);
      else expect(rows).toHaveLength(0);
    }
    expect(new Set(data.members.map((m) => m.hasSiblings))).toEqual(new Set([0, 1, 2]));
  });

  it("keeps total within profiles_count and above the views charged", () => {
    const views = new Map<number, number>();
    for (const view of data.views) views.set(view.viewerPid, (views.get(view.viewerPid) ?? 0) + 1);
    for (const member of data.members) {
      expect(member.total).toBeGreaterThanOrEqual(views.get(member.pid) ?? 0);
      expect(member.total).toBeLessThanOrEqual(member.plan.profilesCount);
    }
  });

  it("gives unguessable-looking photo keys, one pair per member, the full key not following from the blurred one", () => {
    for (const member of data.members) {
      expect(member.photoKey).toMatch(new RegExp(`^photos/${member.pid}/[0-9a-f]{32}\\.jpg$`));
      expect(member.photoBlurKey).toMatch(new RegExp(`^photos/${member.pid}/[0-9a-f]{32}-blur\\.jpg$`));
      expect(member.photoBlurKey.replace("-blur", "")).not.toBe(member.photoKey);
    }
    expect(data.photos).toHaveLength(300);
    expect(data.shared).toBeNull();
  });
});

describe("named demo accounts and their logins", () => {
  const logins = demoLogins();

  it("prints the named accounts with the generator's passwords", () => {
    expect(logins).toHaveLength(NAMED_ACCOUNTS.length);
    expect(Object.keys(logins[0] ?? {})).toEqual(["pid", "password", "profileType", "gender", "note"]);
    for (const [i, login] of logins.entries()) {
      const member = data.members[i];
      expect(login.pid).toBe(member?.pid);
      expect(member?.credential).toMatchObject({ kind: "own", password: login.password });
      expect(login.password).toMatch(/^[a-zA-Z2-9]{8}$/);
      expect(member?.plan.profileType).toBe(login.profileType);
      expect(member?.gender).toBe(login.gender);
    }
  });

  it("covers every tier for both genders, and every membership state", () => {
    for (const gender of ["F", "M"] as const) {
      for (const type of PROFILE_TYPES) expect(logins.some((l) => l.gender === gender && l.profileType === type)).toBe(true);
      for (const note of ["free", "active", "expired", "zero-balance", "expires-today"]) {
        expect(logins.some((l) => l.gender === gender && l.note === note)).toBe(true);
      }
    }
    for (const type of PROFILE_TYPES.filter((t) => t !== "FREE")) {
      for (const note of ["active", "expired", "zero-balance"]) expect(logins.some((l) => l.profileType === type && l.note === note)).toBe(true);
    }
  });

  it("puts each account in the membership state its note names, by the shared rules", () => {
    for (const member of named(data)) {
      const limits = { profileType: member.plan.profileType, profilesCount: member.plan.profilesCount, total: member.total, lastViewDate: member.plan.lastViewDate };
      switch (member.note) {
        case "free":
          expect(member.plan.profileType).toBe("FREE");
          expect(isActive(limits, TODAY)).toBe(false);
          break;
        case "active":
          expect(isActive(limits, TODAY)).toBe(true);
          expect(balance(limits)).toBeGreaterThan(0);
          break;
        case "expires-today":
          expect(limits.lastViewDate).toBe(TODAY);
          expect(isActive(limits, TODAY)).toBe(true);
          expect(balance(limits)).toBeGreaterThan(0);
          break;
        case "expired":
          expect((limits.lastViewDate ?? "") < TODAY).toBe(true);
          expect(isActive(limits, TODAY)).toBe(false);
          break;
        case "zero-balance":
          expect(isActive(limits, TODAY)).toBe(true);
          expect(balance(limits)).toBe(0);
          break;
      }
    }
  });

  it("gives every named account interests sent and received in every state, recommendations and a hidden profile", () => {
    for (const member of named(data)) {
      const sent = new Set(data.interests.filter((i) => i.fromPid === member.pid).map((i) => i.state));
      const received = new Set(data.interests.filter((i) => i.toPid === member.pid).map((i) => i.state));
      expect(sent).toEqual(new Set(INTEREST_STATES));
      expect(received).toEqual(new Set(INTEREST_STATES));
      const recommendations = data.recommendations.filter((r) => r.memberPid === member.pid);
      expect(recommendations.length).toBeGreaterThanOrEqual(10);
      expect(recommendations.every((r) => data.members.find((m) => m.pid === r.recommendedPid)?.gender !== member.gender)).toBe(true);
      expect(data.hidden.some((h) => h.memberPid === member.pid)).toBe(true);
    }
    const paidActive = named(data).filter((m) => m.note === "active");
    expect(paidActive.every((m) => data.views.some((v) => v.viewerPid === m.pid))).toBe(true);
  });
});

describe("interests, views and hidden profiles", () => {
  const gender = new Map(data.members.map((m) => [m.pid, m.gender]));

  it("has every state, only between brides and grooms, at most once per pair", () => {
    expect(new Set(data.interests.map((i) => i.state))).toEqual(new Set(INTEREST_STATES));
    const pairs = new Set<string>();
    for (const interest of data.interests) {
      expect(gender.get(interest.fromPid)).not.toBe(gender.get(interest.toPid));
      const key = [interest.fromPid, interest.toPid].sort().join(":");
      expect(pairs.has(key)).toBe(false);
      pairs.add(key);
    }
  });

  it("stamps each state the way the schema reads it", () => {
    for (const interest of data.interests) {
      const stamps = [interest.approvedAt, interest.deniedAt, interest.deletedAt].map((stamp) => stamp !== null);
      const expected = { pending: [false, false, false], approved: [true, false, false], denied: [false, true, false], withdrawn: [false, false, true] };
      expect(stamps).toEqual(expected[interest.state]);
      for (const stamp of [interest.approvedAt, interest.deniedAt, interest.deletedAt]) if (stamp) expect(stamp > interest.interestedAt).toBe(true);
      expect(interest.interestedAt < `${TODAY}T00:00:00.000Z`).toBe(true);
    }
  });

  it("charges views only for approved requests, by the sender, once per pair", () => {
    const approved = new Set(data.interests.filter((i) => i.state === "approved").map((i) => `${i.fromPid}:${i.toPid}`));
    const seen = new Set<string>();
    expect(data.views.length).toBeGreaterThan(0);
    for (const view of data.views) {
      const key = `${view.viewerPid}:${view.viewedPid}`;
      expect(approved.has(key)).toBe(true);
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    const free = new Set(data.members.filter((m) => m.plan.profileType === "FREE").map((m) => m.pid));
    expect(data.views.some((v) => free.has(v.viewerPid))).toBe(false);
  });

  it("hides and recommends only other members", () => {
    for (const row of data.hidden) expect(row.memberPid).not.toBe(row.hiddenPid);
    for (const row of data.recommendations) expect(row.memberPid).not.toBe(row.recommendedPid);
    expect(data.recommendations.some((r) => r.dismissedAt !== null)).toBe(true);
  });
});

describe("benchmark sizes", () => {
  it("shares pooled photos and one password beyond the showcase members", () => {
    const bulk = generate(1500);
    expect(bulk.photos).toHaveLength(SHOWCASE_COUNT + PHOTO_POOL_SIZE);
    expect(bulk.shared?.password).toMatch(/^[a-zA-Z2-9]{8}$/);
    for (const [index, member] of bulk.members.entries()) {
      if (index < SHOWCASE_COUNT) {
        expect(member.credential.kind).toBe("own");
        expect(member.photoKey.startsWith(`photos/${member.pid}/`)).toBe(true);
      } else {
        expect(member.credential.kind).toBe("shared");
        expect(member.photoKey).toMatch(/^photos\/pool\/[0-9a-f]{32}\.jpg$/);
      }
    }
    const poolGender = new Map(bulk.photos.map((p) => [p.key, p.spec.gender]));
    for (const member of bulk.members.slice(SHOWCASE_COUNT)) expect(poolGender.get(member.photoKey)).toBe(member.gender);
  });

  it("refuses member counts too small for the named accounts", () => {
    expect(() => generate(10)).toThrow(RangeError);
  });
});
