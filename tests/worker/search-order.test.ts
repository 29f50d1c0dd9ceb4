import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { scoreMembers, totalsByPadham, type AstroMember } from "#shared/astro/ashtakoota.ts";
import type { Gender } from "#shared/constants.ts";
import type { DetailedSearch } from "#shared/schemas/search.ts";
import {
  detailedSearch,
  matchingProfiles,
  pointLevels,
  simpleSearch,
  simpleSearchCountingRemoved,
  type CardViewer,
  type SearchPage,
  type SearchWindow,
} from "#worker/db/profiles.ts";
import { RowsReadMeter } from "#worker/db/rows-read-meter.ts";

// The points-sorted searches visit padhams in score order through an index
// (ADR 0016) instead of scoring every candidate: this file checks that every
// page, the last one included, holds exactly what a straightforward ordering
// of all candidates puts there (points, best first, then tier, then newest),
// over a generated population with many ties, and that a page reads few rows.

const FIRST_PID = 200_001;
const POPULATION = 1_400;
const TODAY = "2026-06-15";

interface Candidate {
  pid: number;
  gender: Gender;
  star: number;
  padham: number;
  typeRank: number;
  birthDate: string;
  religion: number;
  marriage: number;
}

/** A deterministic spread: star, padham, tier, age and religion vary with the pid at different periods, so many share points and tier. */
async function insertPopulation(): Promise<void> {
  await env.DB.prepare(
    `WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     INSERT INTO members (pid, gender, name, surname, birth_date, birth_time, birth_place, star_id, padham_id, raasi_id,
       height_id, subcaste_id, religion_id, marriage_turn, father_name, father_job, mother_name, mother_job,
       mobile, address, profile_type, password_hash, active)
     SELECT ?1 + i, CASE i % 2 WHEN 0 THEN 'F' ELSE 'M' END, 'Name', 'Surname',
       printf('%04d-%02d-%02d', 1988 + (i * 7) % 13, 1 + i % 12, 1 + (i * 3) % 28), '06:30', 'Guntur',
       1 + (i * 11) % 27, 1 + (i / 2) % 4, 1, 1 + i % 37, 1, 1 + (i / 3) % 2, 1 + (i % 17 = 0), 'F', 'J', 'M', 'J',
       '+9172' || (10000000 + i), 'Address', CASE (i * 13) % 7 WHEN 0 THEN 'LIFE' WHEN 1 THEN 'PREMIUM' WHEN 2 THEN 'DONOR' WHEN 3 THEN 'MEMBER' ELSE 'FREE' END,
       'x', (i % 23 <> 5)
     FROM n`,
  )
    .bind(FIRST_PID, POPULATION)
    .run();
}

/** Every active member of `gender` but the viewer and those they removed, read plainly. */
async function candidatesOf(viewerPid: number, gender: Gender): Promise<Candidate[]> {
  const { results } = await env.DB.prepare(
    `SELECT pid, gender, star_id AS star, padham_id AS padham, type_rank AS typeRank, birth_date AS birthDate, religion_id AS religion, marriage_turn AS marriage
     FROM members WHERE gender = ?2 AND active = 1 AND pid <> ?1 AND pid NOT IN (SELECT hidden_pid FROM hidden_profiles WHERE member_pid = ?1)`,
  )
    .bind(viewerPid, gender)
    .all<Candidate>();
  return results;
}

/** The reference order: every candidate scored in TypeScript, then sorted. */
function byPoints(viewer: AstroMember, candidates: Candidate[], minPoints = 0): number[] {
  const scored = candidates.map((c) => ({ ...c, points: scoreMembers(viewer, { gender: c.gender, star: c.star, padham: c.padham })!.total }));
  return scored
    .filter((c) => c.points >= minPoints)
    .sort((a, b) => b.points - a.points || a.typeRank - b.typeRank || b.pid - a.pid)
    .map((c) => c.pid);
}

function byTier(candidates: Candidate[]): number[] {
  return [...candidates].sort((a, b) => a.typeRank - b.typeRank || b.pid - a.pid).map((c) => c.pid);
}

/** Every page of `search` with `size` profiles a page, until one says no page follows. */
async function allPages(size: number, search: (window: SearchWindow) => Promise<SearchPage>): Promise<number[][]> {
  const pages: number[][] = [];
  for (let offset = 0; ; offset += size) {
    const { cards, hasNext } = await search({ size, offset });
    pages.push(cards.map((card) => card.pid));
    if (!hasNext) return pages;
  }
}

function pagesOf(pids: number[], size: number): number[][] {
  return Array.from({ length: Math.max(1, Math.ceil(pids.length / size)) }, (_, i) => pids.slice(i * size, (i + 1) * size));
}

function viewerOf(pid: number, gender: Gender, star: number, padham: number): CardViewer & { gender: Gender; astro: AstroMember } {
  return { pid, gender, astro: { gender, star, padham }, paid: true, today: TODAY };
}

/** How many rows, in order, it takes to meet `count` rows that pass. */
function rowsUntilMatches(rows: { passes: number }[], count: number): number {
  let matches = 0;
  return (
    rows.findIndex((row) => {
      matches += row.passes;
      return matches === count;
    }) + 1
  );
}

const groom = viewerOf(FIRST_PID + 1, "M", 13, 1);
const bride = viewerOf(FIRST_PID, "F", 4, 3);

beforeAll(async () => {
  await insertPopulation();
  // Removed profiles are never listed, on any page.
  await env.DB.prepare("INSERT INTO hidden_profiles (member_pid, hidden_pid) VALUES (?1, ?2), (?1, ?3)")
    .bind(groom.pid, FIRST_PID + 10, FIRST_PID + 200)
    .run();
});

describe("points-sorted detailed search", () => {
  const filters = (more: Partial<DetailedSearch>) => ({ page: 1, order: "points", ...more }) as DetailedSearch;

  it("has many ties: padhams share points, and members of different padhams share points and a tier", async () => {
    const totals = totalsByPadham(groom.astro)!;
    const levels = pointLevels(totals);
    expect(levels.filter((level) => level.padhams.length > 1).length).toBeGreaterThan(10);
    const brides = await candidatesOf(groom.pid, "F");
    const pointsAndTier = (c: Candidate) => `${totals[(c.star - 1) * 4 + c.padham - 1]}-${c.typeRank}`;
    expect(new Set(brides.map(pointsAndTier)).size).toBeLessThan(brides.length / 3);
    expect(new Set(brides.map((c) => `${c.star}-${c.padham}-${c.typeRank}`)).size).toBeLessThan(brides.length);
    expect(levels.map((level) => level.points)).toEqual([...levels.map((level) => level.points)].sort((a, b) => b - a));
  });

  for (const [name, viewer] of [
    ["a groom", groom],
    ["a bride", bride],
  ] as const) {
    it(`gives ${name} every page exactly as the reference ordering, the last one included`, async () => {
      const expected = byPoints(viewer.astro, await candidatesOf(viewer.pid, viewer.gender === "M" ? "F" : "M"));
      expect(expected.length).toBeGreaterThan(600);
      for (const size of [7, 11]) {
        expect(await allPages(size, (page) => detailedSearch(env.DB, viewer, filters({}), page))).toEqual(pagesOf(expected, size));
      }
    });
  }

  it("keeps the order exact with a minimum and other filters", async () => {
    const all = await candidatesOf(groom.pid, "F");
    const religionTwo = all.filter((c) => c.religion === 2 && c.birthDate > "1991-06-15");
    const expected = byPoints(groom.astro, religionTwo, 18);
    expect(expected.length).toBeGreaterThan(30);
    const pages = await allPages(10, (page) => detailedSearch(env.DB, groom, filters({ minPoints: 18, religion: 2, ageMax: 34 }), page));
    expect(pages).toEqual(pagesOf(expected, 10));
  });

  it("filters by a minimum in tier order too", async () => {
    const totals = totalsByPadham(groom.astro)!;
    const reaching = (await candidatesOf(groom.pid, "F")).filter((c) => totals[(c.star - 1) * 4 + c.padham - 1]! >= 24);
    const pages = await allPages(10, (page) => detailedSearch(env.DB, groom, { page: 1, minPoints: 24 } as DetailedSearch, page));
    expect(pages).toEqual(pagesOf(byTier(reaching), 10));
  });

  it("keeps tier order exact with an age range and a religion", async () => {
    const expected = byTier((await candidatesOf(groom.pid, "F")).filter((c) => c.religion === 1 && c.birthDate > "1990-06-15" && c.birthDate <= "1996-06-15"));
    expect(expected.length).toBeGreaterThan(100);
    const pages = await allPages(10, (page) => detailedSearch(env.DB, groom, { page: 1, ageMin: 30, ageMax: 35, religion: 1 } as DetailedSearch, page));
    expect(pages).toEqual(pagesOf(expected, 10));
  });

  it("keeps tier order exact with an age range alone, read a birth year at a time", async () => {
    const expected = byTier((await candidatesOf(groom.pid, "F")).filter((c) => c.birthDate > "1992-06-15" && c.birthDate <= "1996-06-15"));
    expect(expected.length).toBeGreaterThan(100);
    const pages = await allPages(10, (page) => detailedSearch(env.DB, groom, { page: 1, ageMin: 30, ageMax: 33 } as DetailedSearch, page));
    expect(pages).toEqual(pagesOf(expected, 10));
  });

  it("keeps tier order exact when a year at either end of the age range holds a day or none of it", async () => {
    // On 30 December, ages 30 to 35 are born after 30 December 1990: one day of 1990, which nobody here has.
    const late = { ...groom, today: "2026-12-30" };
    const expected = byTier((await candidatesOf(groom.pid, "F")).filter((c) => c.religion === 1 && c.birthDate > "1990-12-30" && c.birthDate <= "1996-12-30"));
    expect(expected.length).toBeGreaterThan(100);
    const pages = await allPages(10, (page) => detailedSearch(env.DB, late, { page: 1, ageMin: 30, ageMax: 35, religion: 1 } as DetailedSearch, page));
    expect(pages).toEqual(pagesOf(expected, 10));
    // On 1 January, only 1 January of the last year is in range.
    const early = { ...groom, today: "2027-01-01" };
    const fromJanuary = byTier((await candidatesOf(groom.pid, "F")).filter((c) => c.birthDate > "1991-01-01" && c.birthDate <= "1997-01-01"));
    const januaryPages = await allPages(10, (page) => detailedSearch(env.DB, early, { page: 1, ageMin: 30, ageMax: 35 } as DetailedSearch, page));
    expect(januaryPages).toEqual(pagesOf(fromJanuary, 10));
  });

  it("keeps tier order exact with an age range too wide to read by birth year, and with an empty one", async () => {
    const expected = byTier((await candidatesOf(groom.pid, "F")).filter((c) => c.birthDate > "1986-06-15" && c.birthDate <= "2001-06-15"));
    const pages = await allPages(10, (page) => detailedSearch(env.DB, groom, { page: 1, ageMin: 25, ageMax: 39 } as DetailedSearch, page));
    expect(pages).toEqual(pagesOf(expected, 10));
    expect(await detailedSearch(env.DB, groom, { page: 1, ageMin: 35, ageMax: 30 } as DetailedSearch, { size: 10, offset: 0 })).toEqual({ cards: [], hasNext: false });
  });

  it("lists nothing when no padham reaches the minimum", async () => {
    expect(await detailedSearch(env.DB, groom, filters({ minPoints: 36 }), { size: 10, offset: 0 })).toEqual({ cards: [], hasNext: false });
  });
});

describe("matching profiles", () => {
  it("orders every page by points, then tier, then newest, within the match's rules", async () => {
    const basis = { gender: "M" as const, birthDate: "1990-03-01", religionId: 1, marriageTurn: 1 as const };
    const matches = (await candidatesOf(groom.pid, "F")).filter((c) => c.religion === 1 && c.marriage === 1 && c.birthDate >= "1990-03-01" && c.birthDate <= "1997-03-01");
    const expected = byPoints(groom.astro, matches);
    expect(expected.length).toBeGreaterThan(100);
    expect(await allPages(10, (page) => matchingProfiles(env.DB, groom, basis, page))).toEqual(pagesOf(expected, 10));
  });
});

describe("rows read", () => {
  async function rowsRead(run: (db: D1Database) => Promise<unknown>): Promise<number> {
    const meter = new RowsReadMeter();
    const db = meter.wrap(env.DB);
    await run(db); // the first call reads the reference names, once per isolate
    meter.rowsRead = 0;
    await run(db);
    return meter.rowsRead;
  }
  const page2 = { size: 10, offset: 10 };

  it("reads about a page's rows and one per padham asked for a points-sorted page, not every candidate", async () => {
    const candidates = (await candidatesOf(groom.pid, "F")).length;
    const read = await rowsRead((db) => detailedSearch(db, groom, { page: 2, order: "points" } as DetailedSearch, page2));
    // About six brides a padham here, so page 2 spans a few levels of points; 100,000 members fill it from the first (scripts/bench.mjs).
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(candidates / 8);
  });

  it("reads the entries it skips and one a card for simple search's second page, the cards in the same statement", async () => {
    for (const order of ["tier", "new"] as const) {
      const read = await rowsRead((db) => simpleSearch(db, groom, { order, limit: 10, offset: 10 }));
      expect(read).toBe(20);
    }
  });

  it("counts the removed profiles simple search leaves out with its page, at about two rows each", async () => {
    for (const order of ["tier", "new"] as const) {
      const read = await rowsRead((db) => simpleSearchCountingRemoved(db, groom, { order, limit: 10, offset: 10 }));
      // The groom removed two brides (beforeAll): each is an entry of his and one of the gender's index.
      expect(read).toBe(20 + 2 * 2);
      expect((await simpleSearchCountingRemoved(env.DB, groom, { order, limit: 10, offset: 10 })).removed).toBe(2);
    }
  });

  it("reads about a page's rows, one a birth year and one year's share more, for an age range and a religion", async () => {
    const page2 = { size: 10, offset: 10 };
    const filters = { page: 2, ageMin: 26, ageMax: 32, religion: 1 } as DetailedSearch;
    const read = await rowsRead((db) => detailedSearch(db, groom, filters, page2));
    // 21 rows listed or skipped, over 8 birth years (1993 to 2000): at most 8 heads and 21 / 7 passed over, with margin.
    expect(read).toBeLessThanOrEqual(21 + 8 + 6);
    // Checked row by row in tier order, the same page reads every member of the religion before its 21st match.
    const inOrder = await env.DB.prepare(
      `SELECT (birth_date > '1993-06-15' AND birth_date <= '2000-06-15') AS passes FROM members
       WHERE gender = 'F' AND active = 1 AND religion_id = 1 ORDER BY type_rank, pid DESC`,
    ).all<{ passes: number }>();
    expect(rowsUntilMatches(inOrder.results, 21)).toBeGreaterThan(read);
  });

  it("reads each padham of the matches among the viewer's religion and marriage turn only", async () => {
    const basis = { gender: "M" as const, birthDate: "1990-03-01", religionId: 1, marriageTurn: 1 as const };
    const read = await rowsRead((db) => matchingProfiles(db, groom, basis, { size: 10, offset: 10 }));
    const candidates = (await candidatesOf(groom.pid, "F")).filter((c) => c.religion === 1 && c.marriage === 1).length;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(candidates / 8);
  });

  it("reads a page for one religion and an age range in tier order on the religion's index, never sorting the age range", async () => {
    const where = "m.gender = 'F' AND m.active = 1 AND m.pid <> 1 AND m.birth_date <= '1996-06-15' AND m.birth_date > '1990-06-15' AND m.religion_id = 1";
    const sql = `SELECT m.pid FROM members m INDEXED BY members_by_gender_religion_rank WHERE ${where} ORDER BY m.type_rank, m.pid DESC LIMIT 11 OFFSET 10`;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toMatch(/SEARCH m USING INDEX members_by_gender_religion_rank \(gender=\? AND active=\? AND religion_id=\?\)/);
    expect(details).not.toMatch(/TEMP B-TREE/);
    // D1 counts the members of the religion visited in tier order up to the page's last match, no more.
    const inOrder = await env.DB.prepare(
      `SELECT (${where.replaceAll("m.", "")}) AS passes FROM members WHERE gender = 'F' AND active = 1 AND religion_id = 1 ORDER BY type_rank, pid DESC`,
    ).all<{ passes: number }>();
    const visited = rowsUntilMatches(inOrder.results, 21);
    expect(visited).toBeGreaterThan(21);
    expect((await env.DB.prepare(sql).run()).meta.rows_read).toBeLessThanOrEqual(visited);
  });

  it("visits each padham of a level on its index and merges them without a sort, beyond D1's five compound terms", async () => {
    const term = (star: number, padham: number) =>
      `SELECT m.type_rank, m.pid FROM members m INDEXED BY members_by_gender_padham WHERE m.gender = 'F' AND m.active = 1 AND m.star_id = ${star} AND m.padham_id = ${padham}`;
    const group = (stars: number[]) => `SELECT type_rank, pid FROM (${stars.map((star) => term(star, 2)).join(" UNION ALL ")} ORDER BY type_rank, pid DESC)`;
    const sql = `${group([1, 2, 3, 4])} UNION ALL ${group([5, 6, 7, 8])} UNION ALL ${term(9, 1)} ORDER BY type_rank, pid DESC LIMIT 11`;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toMatch(/MERGE \(UNION ALL\)/);
    expect(details.match(/SEARCH m USING (COVERING )?INDEX members_by_gender_padham/g)).toHaveLength(9);
    expect(details).not.toMatch(/TEMP B-TREE/);
    expect(details).not.toMatch(/SCAN/);
    expect((await env.DB.prepare(sql).run()).meta.rows_read).toBeLessThanOrEqual(9 + 11);
  });
});

describe("statements the runtime prepares once", () => {
  /** `env.DB` recording the text of every statement a search prepares, batches included. */
  function recordingDb(): { db: D1Database; texts: string[] } {
    const texts: string[] = [];
    const db = {
      prepare: (sql: string) => {
        texts.push(sql);
        return env.DB.prepare(sql);
      },
      batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
    } as unknown as D1Database;
    return { db, texts };
  }
  const page2 = { size: 10, offset: 10 };
  const basis = { gender: "M" as const, birthDate: "1990-03-01", religionId: 1, marriageTurn: 1 as const };
  const searches: [string, (db: D1Database) => Promise<unknown>][] = [
    ["simple search by tier", (db) => simpleSearch(db, groom, { order: "tier", limit: 10, offset: 10 })],
    ["simple search newest first", (db) => simpleSearch(db, groom, { order: "new", limit: 10, offset: 10 })],
    ["simple search with its count", (db) => simpleSearchCountingRemoved(db, groom, { order: "tier", limit: 10, offset: 10 })],
    ["detailed search in tier order", (db) => detailedSearch(db, groom, { page: 2, religion: 1 } as DetailedSearch, page2)],
    ["detailed search by birth year", (db) => detailedSearch(db, groom, { page: 2, ageMin: 26, ageMax: 32, religion: 1 } as DetailedSearch, page2)],
    ["detailed search by points", (db) => detailedSearch(db, groom, { page: 2, order: "points", minPoints: 18 } as DetailedSearch, page2)],
    ["matching", (db) => matchingProfiles(db, groom, basis, page2)],
  ];

  // A bound LIMIT or OFFSET makes SQLite prepare the statement again on every run (ADR 0028).
  for (const [name, search] of searches) {
    it(`writes the ${name}'s LIMIT and OFFSET as numbers, never as parameters`, async () => {
      const { db, texts } = recordingDb();
      await search(db);
      const limits = texts.flatMap((sql) => sql.match(/\b(LIMIT|OFFSET)\s+[^\s)]+/g) ?? []);
      expect(limits.length).toBeGreaterThan(0);
      for (const clause of limits) expect(clause).toMatch(/^(LIMIT|OFFSET) -?\d+$/);
    });
  }

  it("refuses a page position that is not a whole number rather than writing it into SQL", async () => {
    await expect(simpleSearch(env.DB, groom, { order: "tier", limit: 10, offset: 0.5 })).rejects.toThrow(/not whole numbers/);
    await expect(simpleSearch(env.DB, groom, { order: "tier", limit: Number.NaN, offset: 0 })).rejects.toThrow(/not whole numbers/);
    await expect(detailedSearch(env.DB, groom, { page: 2, religion: 1 } as DetailedSearch, { size: 10, offset: -10 })).rejects.toThrow(/not whole numbers/);
  });
});
