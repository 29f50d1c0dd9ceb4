import type { FullProfile, MemberListItem, ProfileCard, PublicProfile, Sibling } from "#shared/api-types.ts";
import { birthStarOfPadham, scoreMembers, totalsByPadham, type AstroMember } from "#shared/astro/ashtakoota.ts";
import type { Gender } from "#shared/constants.ts";
import { toStoredDisplayDate, toStoredDisplayTime } from "#shared/dates.ts";
import type { DetailedSearch } from "#shared/schemas/search.ts";
import { ageOn } from "#shared/schemas/profile-fields.ts";
import { cardPhotoKey } from "../lib/photos/card-photo.ts";
import { limitClause } from "./limit-clause.ts";
import { cardNames, type CardNames } from "./search-card-names.ts";

// Profiles as other members see them: cards for lists (no contact details
// ever) and the full profile for entitled viewers. Lookup names are joined
// here so that every client, the public page included, gets readable cards.

/** Who is looking, and what their membership allows (worker/lib/viewer.ts). */
export interface CardViewer {
  pid: number;
  /** Gender, star and padham for the matching points; null for a link-preview crawler. */
  astro: AstroMember | null;
  /** Paid viewers get the show-more details (§ "2. Screens and routes"). */
  paid: boolean;
  /** ISO date in the agency's time zone, for ages. */
  today: string;
  /** Photos shown unblurred regardless of the rules (§ "6. Roles and permissions", "forced"). */
  forcePhotos?: boolean;
}

const CARD_COLUMNS = `m.pid, m.gender, m.star_id, m.padham_id, m.profile_type, m.public_profile, m.show_photo, m.photo_key, m.photo_blur_key, m.name, m.surname,
  m.birth_date, m.birth_time, m.birth_place, m.marriage_turn, m.complexion, m.education_details, m.profession_details,
  m.profession_type_id, m.working_in, m.residing_city, m.father_name, m.father_job, m.mother_name, m.mother_job,
  m.height_id, m.subcaste_id, m.religion_id, m.raasi_id, m.working_city_id, m.income_id, m.native_district_id,
  i.interested_at, i.approved_at, i.denied_at, i.deleted_at,
  rx.interested_at AS in_interested_at, rx.approved_at AS in_approved_at, rx.denied_at AS in_denied_at, rx.deleted_at AS in_deleted_at,
  EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid) AS hidden,
  EXISTS (SELECT 1 FROM profile_views pv WHERE pv.viewer_pid = ?1 AND pv.viewed_pid = m.pid) AS viewed`;

/** Leaves out the profiles the viewer (?1) removed or hid from their lists (requestStatus D): every list of cards but search by ID. */
const NOT_HIDDEN = "NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid)";

// Names come from the isolate's copy of the reference lists (search-card-names.ts), not from joins.
const CARD_JOINS = `LEFT JOIN interests i ON i.from_pid = ?1 AND i.to_pid = m.pid
  LEFT JOIN interests rx ON rx.from_pid = m.pid AND rx.to_pid = ?1`;

interface CardRow {
  pid: number;
  gender: Gender;
  star_id: number | null;
  padham_id: number | null;
  profile_type: string;
  public_profile: PublicProfile;
  show_photo: 1 | 2;
  photo_key: string | null;
  photo_blur_key: string | null;
  name: string;
  surname: string;
  birth_date: string;
  birth_time: string;
  birth_place: string;
  marriage_turn: 1 | 2;
  complexion: string | null;
  education_details: string;
  profession_details: string;
  profession_type_id: number | null;
  working_in: 1 | 2 | null;
  residing_city: string | null;
  father_name: string;
  father_job: string;
  mother_name: string;
  mother_job: string;
  height_id: number;
  subcaste_id: number;
  religion_id: number;
  raasi_id: number | null;
  working_city_id: number | null;
  income_id: number | null;
  native_district_id: number | null;
  interested_at: string | null;
  approved_at: string | null;
  denied_at: string | null;
  deleted_at: string | null;
  in_interested_at: string | null;
  in_approved_at: string | null;
  in_denied_at: string | null;
  in_deleted_at: string | null;
  hidden: number;
  viewed: number;
}

export const imageUrl = (key: string | null) => (key ? `/images/${key}` : null);

/** A card's photo: the photo when the viewer may see it, else its blurred derivative; at card size too (ADR 0043). */
export function cardPhotoUrls(visible: boolean, row: { photo_key: string | null; photo_blur_key: string | null }) {
  if (visible) return { photoUrl: imageUrl(row.photo_key), photoCardUrl: row.photo_key && imageUrl(cardPhotoKey(row.photo_key)) };
  const blurred = imageUrl(row.photo_blur_key);
  // The blurred derivative is 24 px wide: smaller than any card copy.
  return { photoUrl: blurred, photoCardUrl: blurred };
}

/** An approved request that still stands: the viewer asked, the owner approved. */
function isApproved(row: Pick<CardRow, "approved_at" | "denied_at" | "deleted_at">): boolean {
  return row.approved_at !== null && row.denied_at === null && row.deleted_at === null;
}

/** Ashtakoota points of the viewer and this profile (ADR 0016), computed here for the rows of a page. */
function scoreFor(viewer: AstroMember | null, row: CardRow) {
  return viewer && scoreMembers(viewer, { gender: row.gender, star: row.star_id, padham: row.padham_id });
}

function toCard(row: CardRow, viewer: CardViewer, names: CardNames): ProfileCard {
  const approved = isApproved(row);
  // § "6. Roles and permissions": blurred unless the request is approved, showPhoto is 2, or visibility is forced;
  // and a profile the viewer unlocked keeps its photo, whatever became of the request since (ADR 0012).
  const photoVisible = approved || row.viewed === 1 || row.show_photo === 2 || viewer.forcePhotos === true;
  return {
    pid: row.pid,
    gender: row.gender,
    profileType: row.profile_type,
    publicProfile: row.public_profile,
    requestStatus: row.hidden ? "D" : approved ? "A" : "-",
    interestedAt: row.interested_at,
    approvedAt: row.approved_at,
    deniedAt: row.denied_at,
    deletedAt: row.deleted_at,
    showPhoto: row.show_photo,
    ...cardPhotoUrls(photoVisible, row),
    photoVisible,
    surname: row.surname,
    name: row.name,
    age: ageOn(row.birth_date, viewer.today),
    birthPlace: row.birth_place,
    height: names("heights", row.height_id).name,
    subcaste: names("subcastes", row.subcaste_id).name,
    religion: names("religions", row.religion_id).name,
    star: names("stars", row.star_id).name,
    starTe: names("stars", row.star_id).nameTe,
    padham: names("padhams", row.padham_id).name,
    educationDetails: row.education_details,
    professionDetails: row.profession_details,
    marriageTurn: row.marriage_turn,
    astroPoints: scoreFor(viewer.astro, row)?.total ?? null,
    viewed: row.viewed === 1,
    incoming: row.in_interested_at && !row.in_deleted_at ? { interestedAt: row.in_interested_at, approvedAt: row.in_approved_at, deniedAt: row.in_denied_at } : null,
    details: viewer.paid
      ? {
          birthDate: toStoredDisplayDate(row.birth_date),
          birthTime: toStoredDisplayTime(row.birth_time),
          raasi: names("raasis", row.raasi_id).name,
          professionType: names("profession_types", row.profession_type_id).name,
          professionTypeId: row.profession_type_id,
          workingIn: row.working_in,
          workingCity: names("cities", row.working_city_id).name,
          annualIncome: names("annual_incomes", row.income_id).name,
          color: row.complexion,
          fatherName: row.father_name,
          fatherProfession: row.father_job,
          motherName: row.mother_name,
          motherProfession: row.mother_job,
          nativeDistrict: names("districts", row.native_district_id).name,
          residingCity: row.residing_city,
        }
      : null,
  };
}

const opposite = (gender: Gender): Gender => (gender === "F" ? "M" : "F");

/**
 * How long this isolate reuses a gender's count of active members: simple
 * search's page count may lag joins and closures elsewhere by this much
 * (ADR 0028), which only moves where its pages wrap around.
 */
export const ACTIVE_COUNT_WINDOW_MS = 5_000;
/** The count's clock; tests move it instead of waiting. */
export const activeCountClock = { now: (): number => Date.now() };
const activeCounts = new Map<Gender, { count: number; readAt: number }>();

/** Active members of one gender, for simple search's page count, as read less than ACTIVE_COUNT_WINDOW_MS ago. */
export async function countActiveMembers(db: D1Database, gender: Gender): Promise<number> {
  const now = activeCountClock.now();
  const remembered = activeCounts.get(gender);
  if (remembered && now - remembered.readAt < ACTIVE_COUNT_WINDOW_MS) return remembered.count;
  const row = await db.prepare("SELECT active_members FROM member_counts WHERE gender = ?1").bind(gender).first<{ active_members: number }>();
  const count = row?.active_members ?? 0;
  activeCounts.set(gender, { count, readAt: now });
  return count;
}

/**
 * Simple search (§ "7. The calls the product makes"): profiles of the opposite gender, grouped by tier
 * (LIFE, PREMIUM, DONOR, MEMBER, FREE) or newest first, without those the
 * viewer removed. The page is read in order on an index, its cards in the
 * same statement (ADR 0028).
 */
export async function simpleSearch(db: D1Database, viewer: CardViewer & { gender: Gender }, options: SimpleSearchOptions): Promise<ProfileCard[]> {
  const { results } = await simpleSearchStatement(db, viewer, options).all<CardRow>();
  return toCards(db, viewer, results);
}

interface SimpleSearchOptions {
  order: "tier" | "new";
  limit: number;
  offset: number;
}

function simpleSearchStatement(db: D1Database, viewer: CardViewer & { gender: Gender }, options: SimpleSearchOptions): D1PreparedStatement {
  const [index, order] = options.order === "new" ? ["members_by_gender_pid", "m.pid DESC"] : ["members_by_gender_rank", "m.type_rank, m.pid DESC"];
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM members m INDEXED BY ${index} ${CARD_JOINS}
       WHERE m.gender = ?2 AND m.active = 1 AND m.pid <> ?1
         AND ${NOT_HIDDEN}
       ORDER BY ${order} ${limitClause(options.limit, options.offset)}`,
    )
    .bind(viewer.pid, opposite(viewer.gender));
}

/**
 * A simple-search page, and how many of the profiles the viewer removed it would otherwise list
 * (active, of the gender sought), which the page count leaves out (ADR 0028). Both in one batch,
 * one round trip; the count reads the viewer's removed profiles on their key and each on the
 * gender index, no row for a viewer who removed none.
 */
export async function simpleSearchCountingRemoved(
  db: D1Database,
  viewer: CardViewer & { gender: Gender },
  options: SimpleSearchOptions,
): Promise<{ cards: ProfileCard[]; removed: number }> {
  const [counted, page] = await db.batch([
    // CROSS JOIN keeps the removed profiles first: left to itself SQLite walked every active member of the gender.
    db
      .prepare(
        `SELECT COUNT(*) AS removed FROM hidden_profiles hp CROSS JOIN members m ON m.pid = hp.hidden_pid
         WHERE hp.member_pid = ?1 AND m.gender = ?2 AND m.active = 1`,
      )
      .bind(viewer.pid, opposite(viewer.gender)),
    simpleSearchStatement(db, viewer, options),
  ]);
  const removed = (counted?.results[0] as { removed: number } | undefined)?.removed ?? 0;
  return { cards: await toCards(db, viewer, (page?.results ?? []) as CardRow[]), removed };
}

async function toCards(db: D1Database, viewer: CardViewer, rows: CardRow[]): Promise<ProfileCard[]> {
  const names = await cardNames(db);
  return rows.map((row) => toCard(row, viewer, names));
}

/** A page of a search that is not counted: `size` cards from `offset`, and whether more follow. */
export interface SearchWindow {
  size: number;
  offset: number;
}

export interface SearchPage {
  cards: ProfileCard[];
  hasNext: boolean;
}

/** Picks one card more than the page holds, to tell whether a next page exists without counting. */
async function searchPage(db: D1Database, viewer: CardViewer, window: SearchWindow, pick: (page: { limit: number; offset: number }) => Promise<CardRow[]>): Promise<SearchPage> {
  const rows = await pick({ limit: window.size + 1, offset: window.offset });
  return { cards: await toCards(db, viewer, rows.slice(0, window.size)), hasNext: rows.length > window.size };
}

/**
 * Who a search may list: conditions on `members m` whose parameters are
 * numbered after the viewer's pid (?1) and the gender sought (?2).
 */
class Candidates {
  readonly where: string[];
  readonly params: (string | number)[];

  constructor(viewerPid: number, gender: Gender) {
    this.where = ["m.gender = ?2", "m.active = 1", "m.pid <> ?1", NOT_HIDDEN];
    this.params = [viewerPid, gender];
  }

  /** Adds `sql`, whose one `?` takes `value`. */
  add(sql: string, value: string | number): void {
    this.params.push(value);
    this.where.push(sql.replace("?", `?${this.params.length}`));
  }

  /** Adds a condition without parameters (numbers computed here, never the request's text). */
  addLiteral(sql: string): void {
    this.where.push(sql);
  }
}

/**
 * One page of candidates' cards by tier, newest first within a tier, read in
 * that order on an index until the page is full: `members_by_gender_rank`,
 * or `members_by_gender_religion_rank` when the search is for one religion.
 * Left to itself, SQLite reads every candidate in an age range and sorts
 * them (9,000 rows for page 2 at 20,000 members; ADR 0028). The cards come
 * in the same statement: the filters already read each row they check.
 */
async function cardsByTier(db: D1Database, candidates: Candidates, page: { limit: number; offset: number }, byReligion: boolean): Promise<CardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM members m INDEXED BY ${byReligion ? "members_by_gender_religion_rank" : "members_by_gender_rank"} ${CARD_JOINS}
       WHERE ${candidates.where.join(" AND ")} ORDER BY m.type_rank, m.pid DESC ${limitClause(page.limit, page.offset)}`,
    )
    .bind(...candidates.params)
    .all<CardRow>();
  return results;
}

/** Padhams of the other gender grouped by the viewer's points with them, best first; only those reaching `minPoints`. */
export function pointLevels(totals: readonly number[], minPoints = 0): { points: number; padhams: number[] }[] {
  const levels = new Map<number, number[]>();
  totals.forEach((points, index) => {
    if (points >= minPoints) levels.set(points, [...(levels.get(points) ?? []), index + 1]);
  });
  return [...levels].sort(([a], [b]) => b - a).map(([points, padhams]) => ({ points, padhams }));
}

/**
 * One page of candidates' cards by the viewer's points, best first, then by
 * tier and newest (ADR 0016). The points depend only on the candidate's
 * padham, so SQL visits padhams in score order, each on `index` in tier
 * order: a page reads about its rows and one per padham asked, not every
 * candidate. One statement a level of points; the first query asks one
 * level, each further one twice as many, in one batch. Whole levels at a
 * time keep pages exact. The rows a level passes before the page are read
 * whole and dropped here: their cards cost no D1 rows (ADR 0028).
 */
async function cardsByPoints(
  db: D1Database,
  candidates: Candidates,
  levels: { points: number; padhams: number[] }[],
  page: { limit: number; offset: number },
  index: PadhamIndex = "members_by_gender_padham",
): Promise<CardRow[]> {
  const cards: CardRow[] = [];
  let skip = page.offset;
  for (let next = 0, count = 1; next < levels.length && cards.length < page.limit; next += count, count *= 2) {
    const wanted = skip + page.limit - cards.length;
    const results = await db.batch<CardRow>(levels.slice(next, next + count).map((level) => levelStatement(db, candidates, level.padhams, wanted, index)));
    for (const { results: rows } of results) {
      cards.push(...rows.slice(skip, skip + page.limit - cards.length));
      skip = Math.max(0, skip - rows.length);
    }
  }
  return cards;
}

/**
 * Indexes that read one padham's candidates in tier order, newest first:
 * any search's, or, for matching, only those of the viewer's religion and
 * marriage turn (migration 0019), so that only the age range is checked row
 * by row.
 */
type PadhamIndex = "members_by_gender_padham" | "members_by_gender_religion_turn_padham";

/** D1 allows at most five terms in one compound SELECT; a subquery starts a new one. */
const COMPOUND_TERMS = 5;

/**
 * The first `limit` candidates of these padhams in tier order, newest first:
 * each padham read in that order on its index and the padhams merged
 * (UNION ALL with ORDER BY merges its terms without sorting, and SQLite
 * flattens the nested merges into one).
 */
function levelStatement(db: D1Database, candidates: Candidates, padhams: number[], limit: number, index: PadhamIndex): D1PreparedStatement {
  const where = candidates.where.join(" AND ");
  const terms = padhams.map((padhamIndex) => {
    const { star, padham } = birthStarOfPadham(padhamIndex);
    return `SELECT m.type_rank, ${CARD_COLUMNS} FROM members m INDEXED BY ${index} ${CARD_JOINS} WHERE ${where} AND m.star_id = ${star} AND m.padham_id = ${padham}`;
  });
  return db.prepare(`${merged(terms)} ORDER BY type_rank, pid DESC ${limitClause(limit)}`).bind(...candidates.params);
}

/** `terms` as one compound SELECT of at most COMPOUND_TERMS terms, nesting subqueries where there are more. */
function merged(terms: string[]): string {
  if (terms.length <= COMPOUND_TERMS) return terms.join(" UNION ALL ");
  const size = Math.ceil(terms.length / COMPOUND_TERMS);
  const groups = Array.from({ length: Math.ceil(terms.length / size) }, (_, i) => terms.slice(i * size, (i + 1) * size));
  return merged(groups.map((group) => (group.length === 1 ? group[0]! : `SELECT * FROM (${merged(group)} ORDER BY type_rank, pid DESC)`)));
}

/** At most this many birth years are read as terms of one merge; a wider age range is checked row by row. */
const MAX_BIRTH_YEAR_TERMS = 12;

/** The calendar years an age range's birth dates fall in, when both ends are given and they are few. */
function birthYears({ bornOnOrBefore, bornAfter }: BirthRange): number[] | null {
  if (bornOnOrBefore === null || bornAfter === null) return null;
  const [first, last] = [Number(bornAfter.slice(0, 4)), Number(bornOnOrBefore.slice(0, 4))];
  if (last - first + 1 > MAX_BIRTH_YEAR_TERMS) return null;
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/**
 * One page of cards by tier, newest first, within an age range: each birth
 * year's candidates read in tier order on `members_by_gender_birth_year_rank`
 * (or its religion's index, migration 0019) and the years merged, as the
 * padhams are for points. The exact dates are checked on the merged rows,
 * outside the merge: the years at the two ends are partly outside the range,
 * and inside their own terms a year with few dates in range would be read
 * far ahead for its first one. Outside, the rows passed over come to about
 * one year's share of those read, whatever the day. `LIMIT -1` (no limit)
 * keeps SQLite from pushing the dates into the terms, which made it read
 * and sort every candidate of the years (ADR 0028).
 */
async function cardsByTierAndBirthYear(
  db: D1Database,
  candidates: Candidates,
  born: BirthRange,
  years: number[],
  page: { limit: number; offset: number },
  byReligion: boolean,
): Promise<CardRow[]> {
  if (years.length === 0) return [];
  const index = byReligion ? "members_by_gender_religion_birth_year_rank" : "members_by_gender_birth_year_rank";
  const where = candidates.where.join(" AND ");
  // The years are numbers the Worker computed, never the request's text.
  const terms = years.map(
    (year) => `SELECT m.type_rank, ${CARD_COLUMNS} FROM members m INDEXED BY ${index} ${CARD_JOINS} WHERE ${where} AND substr(m.birth_date, 1, 4) = '${year}'`,
  );
  const n = candidates.params.length;
  const { results } = await db
    .prepare(
      `SELECT * FROM (${merged(terms)} ORDER BY type_rank, pid DESC LIMIT -1)
       WHERE birth_date > ?${n + 1} AND birth_date <= ?${n + 2} ORDER BY type_rank, pid DESC ${limitClause(page.limit, page.offset)}`,
    )
    .bind(...candidates.params, born.bornAfter, born.bornOnOrBefore)
    .all<CardRow>();
  return results;
}

/** Birth dates of people aged `age` on `today`: born after `from` and on or before `to`. */
function birthRangeForAge(today: string, minAge: number | undefined, maxAge: number | undefined) {
  const shift = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  return { bornOnOrBefore: minAge === undefined ? null : shift(minAge), bornAfter: maxAge === undefined ? null : shift(maxAge + 1) };
}

type BirthRange = ReturnType<typeof birthRangeForAge>;

function addBirthRange(candidates: Candidates, { bornOnOrBefore, bornAfter }: BirthRange): void {
  if (bornOnOrBefore !== null) candidates.add("m.birth_date <= ?", bornOnOrBefore);
  if (bornAfter !== null) candidates.add("m.birth_date > ?", bornAfter);
}

/** The detailed search's filters but the age as conditions on the candidates. */
function detailedCandidates(viewer: CardViewer & { gender: Gender }, filters: DetailedSearch): Candidates {
  const candidates = new Candidates(viewer.pid, opposite(viewer.gender));
  const add = (sql: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== 0) candidates.add(sql, value);
  };
  add("m.height_id >= ?", filters.heightMin);
  add("m.height_id <= ?", filters.heightMax);
  add("m.star_id = ?", filters.star);
  add("m.raasi_id = ?", filters.raasi);
  add("m.religion_id = ?", filters.religion);
  add("m.subcaste_id = ?", filters.subcaste);
  add("m.basic_education_id = ?", filters.education);
  add("m.profession_type_id = ?", filters.professionType);
  add("m.income_id >= ?", filters.incomeMin);
  add("m.working_in = ?", filters.workingIn);
  add("m.native_state_id = ?", filters.state);
  add("m.native_district_id = ?", filters.district);
  add("m.marriage_turn = ?", filters.marriage);
  return candidates;
}

/**
 * Detailed search (GET eloborate_profile): filters on the opposite gender's
 * active members, by tier or by matching points (ADR 0016).
 */
export async function detailedSearch(db: D1Database, viewer: CardViewer & { gender: Gender }, filters: DetailedSearch, window: SearchWindow): Promise<SearchPage> {
  const candidates = detailedCandidates(viewer, filters);
  const born = birthRangeForAge(viewer.today, filters.ageMin, filters.ageMax);
  const totals = viewer.astro && (filters.minPoints !== undefined || filters.order === "points") ? totalsByPadham(viewer.astro) : null;
  // Without the viewer's own star and padham no profile reaches a minimum.
  if (filters.minPoints !== undefined && !totals) return { cards: [], hasNext: false };
  const levels = totals ? pointLevels(totals, filters.minPoints) : [];
  if (totals && filters.order === "points") {
    addBirthRange(candidates, born);
    return searchPage(db, viewer, window, (page) => cardsByPoints(db, candidates, levels, page));
  }
  if (totals) {
    const padhams = levels.flatMap((level) => level.padhams);
    if (padhams.length === 0) return { cards: [], hasNext: false };
    candidates.addLiteral(`(m.star_id - 1) * 4 + m.padham_id IN (${padhams.join(", ")})`);
  }
  const byReligion = Boolean(filters.religion);
  const years = birthYears(born);
  if (years) return searchPage(db, viewer, window, (page) => cardsByTierAndBirthYear(db, candidates, born, years, page, byReligion));
  addBirthRange(candidates, born);
  return searchPage(db, viewer, window, (page) => cardsByTier(db, candidates, page, byReligion));
}

/** What matching needs to know of the viewer (docs/decisions/0010). */
export interface MatchBasis {
  gender: Gender;
  birthDate: string;
  religionId: number;
  marriageTurn: 1 | 2;
}

/**
 * The viewer's matches (ADR 0010): the opposite gender, the same religion and
 * marriage turn, the groom 0 to 7 years older than the bride; the best
 * matching points first (ADR 0016).
 */
export async function matchingProfiles(db: D1Database, viewer: CardViewer, basis: MatchBasis, window: SearchWindow): Promise<SearchPage> {
  const shiftYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
  // A bride looks for grooms born up to 7 years before her; a groom for brides born up to 7 years after him.
  const [from, to] = basis.gender === "F" ? [shiftYears(basis.birthDate, -7), basis.birthDate] : [basis.birthDate, shiftYears(basis.birthDate, 7)];
  const candidates = new Candidates(viewer.pid, opposite(basis.gender));
  candidates.add("m.birth_date >= ?", from);
  candidates.add("m.birth_date <= ?", to);
  candidates.add("m.religion_id = ?", basis.religionId);
  candidates.add("m.marriage_turn = ?", basis.marriageTurn);
  const totals = viewer.astro && totalsByPadham(viewer.astro);
  return searchPage(db, viewer, window, (page) =>
    totals ? cardsByPoints(db, candidates, pointLevels(totals), page, "members_by_gender_religion_turn_padham") : cardsByTier(db, candidates, page, true),
  );
}

/** One active profile's card (single_user_profile/{id}, search by ID). */
export async function getCard(db: D1Database, viewer: CardViewer, pid: number): Promise<ProfileCard | null> {
  const { results } = await db.prepare(`SELECT ${CARD_COLUMNS} FROM members m ${CARD_JOINS} WHERE m.pid = ?2 AND m.active = 1`).bind(viewer.pid, pid).all<CardRow>();
  return (await toCards(db, viewer, results))[0] ?? null;
}

export interface FullRow extends CardRow {
  basic_education_name: string | null;
  education_name: string | null;
  working_country_name: string | null;
  abroad_working_city: string | null;
  visa_name: string | null;
  state_name: string | null;
  mobile: string;
  alternate_mobile: string | null;
  email: string | null;
  address: string;
  has_siblings: 0 | 1 | 2;
}

/**
 * The read of a full profile, contact details included: only for the owner
 * or an entitled viewer (worker/lib/full-profile-access.ts decides). A
 * deactivated or deleted profile is gone for everyone, as in every list and
 * search (ADR 0034). A statement, so that a view is charged in the same
 * transaction as the read of what it opens (worker/db/views.ts).
 */
export function fullProfileStatement(db: D1Database, viewerPid: number, pid: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${CARD_COLUMNS}, be.name AS basic_education_name, q.name AS education_name,
         co.name AS working_country_name, m.abroad_working_city, v.name AS visa_name, s.name AS state_name,
         m.mobile, m.alternate_mobile, m.email, m.address, m.has_siblings
       FROM members m ${CARD_JOINS}
       LEFT JOIN basic_educations be ON be.id = m.basic_education_id
       LEFT JOIN qualifications q ON q.id = m.education_id
       LEFT JOIN countries co ON co.id = m.working_country_id
       LEFT JOIN visas v ON v.id = m.work_visa_id
       LEFT JOIN states s ON s.id = m.native_state_id
       WHERE m.pid = ?2 AND m.active = 1 AND m.deleted_at IS NULL`,
    )
    .bind(viewerPid, pid);
}

/** A row of fullProfileStatement as the full profile, with names instead of ids. */
export async function toFullProfile(db: D1Database, viewer: { pid: number; astro: AstroMember }, row: FullRow, siblings: Sibling[]): Promise<FullProfile> {
  const names = await cardNames(db);
  const astroMatch = scoreFor(viewer.astro, row);
  return {
    pid: row.pid,
    profileType: row.profile_type,
    gender: row.gender,
    photoUrl: imageUrl(row.photo_key),
    name: row.name,
    surName: row.surname,
    height: names("heights", row.height_id).name,
    color: row.complexion,
    marriageTurn: row.marriage_turn,
    birthDate: toStoredDisplayDate(row.birth_date),
    birthTime: toStoredDisplayTime(row.birth_time),
    birthPlace: row.birth_place,
    religion: names("religions", row.religion_id).name,
    subCaste: names("subcastes", row.subcaste_id).name,
    star: names("stars", row.star_id).name,
    starTe: names("stars", row.star_id).nameTe,
    raasi: names("raasis", row.raasi_id).name,
    raasiTe: names("raasis", row.raasi_id).nameTe,
    padham: names("padhams", row.padham_id).name,
    astroPoints: astroMatch?.total ?? null,
    astroMatch,
    basicEducation: row.basic_education_name,
    education: row.education_name,
    educationDetails: row.education_details,
    professionType: names("profession_types", row.profession_type_id).name,
    professionTypeId: row.profession_type_id,
    professionDetails: row.profession_details,
    workingIn: row.working_in,
    workingCity: names("cities", row.working_city_id).name,
    workingCountry: row.working_country_name,
    abroadWorkingCity: row.abroad_working_city,
    workVisa: row.visa_name,
    annualIncome: names("annual_incomes", row.income_id).name,
    fatherName: row.father_name,
    fatherProfession: row.father_job,
    motherName: row.mother_name,
    motherProfession: row.mother_job,
    nativeDistrict: names("districts", row.native_district_id).name,
    nativeState: row.state_name,
    residingCity: row.residing_city,
    mobileNo: row.mobile,
    alternateMobileNo: row.alternate_mobile,
    email: row.email,
    presentAddress: row.address,
    hasSiblings: row.has_siblings,
    siblings,
  };
}

/**
 * Who a member's own list shows (ADR 0034): active profiles, and deleted
 * ones until their erasure, as RemovedProfile. A profile the agency
 * deactivated is left out, as before.
 */
export const LISTED_OR_DELETED = "(m.active = 1 OR m.deleted_at IS NOT NULL)";

/** A list row: a card, or the Profile ID alone of a deleted profile, whose other columns never leave this function. */
function toListItem(row: CardRow & { profile_deleted: number }, viewer: CardViewer, names: CardNames): MemberListItem {
  return row.profile_deleted ? { pid: row.pid, removed: true } : toCard(row, viewer, names);
}

async function interestRows(db: D1Database, viewer: CardViewer, status: "V" | "F", options: { limit: number; offset: number; withDeleted: boolean }) {
  const [join, where] = status === "V" ? ["x.from_pid", "x.to_pid = ?1"] : ["x.to_pid", "x.from_pid = ?1"];
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}, m.deleted_at IS NOT NULL AS profile_deleted FROM interests x JOIN members m ON m.pid = ${join} ${CARD_JOINS}
       WHERE ${where} AND x.deleted_at IS NULL AND ${options.withDeleted ? LISTED_OR_DELETED : "m.active = 1"}
         AND ${NOT_HIDDEN}
       ORDER BY x.interested_at DESC, m.pid DESC ${limitClause(options.limit, options.offset)}`,
    )
    .bind(viewer.pid)
    .all<CardRow & { profile_deleted: number }>();
  return results;
}

/**
 * The members' lists (GET profile_visits): V, the members interested in the
 * viewer, latest first; F, the profiles the viewer asked about. Withdrawn
 * requests and profiles the viewer removed are left out of both; a deleted
 * profile is a RemovedProfile until its erasure.
 */
export async function interestList(db: D1Database, viewer: CardViewer, status: "V" | "F", options: { limit: number; offset: number }): Promise<MemberListItem[]> {
  const [rows, names] = await Promise.all([interestRows(db, viewer, status, { ...options, withDeleted: true }), cardNames(db)]);
  return rows.map((row) => toListItem(row, viewer, names));
}

/** The profiles the viewer asked about that are still listed (a FREE member's WhatsApp list): cards only. */
export async function askedProfiles(db: D1Database, viewer: CardViewer, limit: number): Promise<ProfileCard[]> {
  const [rows, names] = await Promise.all([interestRows(db, viewer, "F", { limit, offset: 0, withDeleted: false }), cardNames(db)]);
  return rows.map((row) => toCard(row, viewer, names));
}

/**
 * The member's own recommendations (ADR 0012): without those already approved,
 * denied or withdrawn, nor those dismissed or removed from the member's lists; profiles not yet asked about
 * first, then pending ones, newest pid first within each. A deleted profile
 * is a RemovedProfile until its erasure.
 */
export async function recommendedProfiles(db: D1Database, viewer: CardViewer, limit: number): Promise<MemberListItem[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}, m.deleted_at IS NOT NULL AS profile_deleted FROM recommendations rc JOIN members m ON m.pid = rc.recommended_pid ${CARD_JOINS}
       WHERE rc.member_pid = ?1 AND rc.dismissed_at IS NULL AND ${LISTED_OR_DELETED} AND ${NOT_HIDDEN}
         AND i.approved_at IS NULL AND i.denied_at IS NULL AND i.deleted_at IS NULL
       ORDER BY (i.interested_at IS NOT NULL), m.pid DESC ${limitClause(limit)}`,
    )
    .bind(viewer.pid)
    .all<CardRow & { profile_deleted: number }>();
  const names = await cardNames(db);
  return results.map((row) => toListItem(row, viewer, names));
}

/**
 * Profiles the agency publishes (public_profile set) of the other gender that
 * the viewer has not asked about yet nor removed, newest first (GET whatsapp/profiles_not_sent).
 */
export async function publishedNotAsked(db: D1Database, viewer: CardViewer & { gender: Gender }, limit: number): Promise<ProfileCard[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM members m ${CARD_JOINS}
       WHERE m.gender = ?2 AND m.active = 1 AND m.public_profile IS NOT NULL AND i.from_pid IS NULL AND ${NOT_HIDDEN}
       ORDER BY m.pid DESC ${limitClause(limit)}`,
    )
    .bind(viewer.pid, opposite(viewer.gender))
    .all<CardRow>();
  const names = await cardNames(db);
  return results.map((row) => toCard(row, viewer, names));
}
