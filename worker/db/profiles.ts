import type { FullProfile, ProfileCard, PublicProfile, Sibling } from "../../shared/api-types.ts";
import { scoreMembers, totalsByPada, type AstroMember } from "../../shared/astro/ashtakoota.ts";
import type { Gender } from "../../shared/constants.ts";
import { toStoredDisplayDate, toStoredDisplayTime } from "../../shared/dates.ts";
import type { DetailedSearch } from "../../shared/schemas/search.ts";
import { ageOn } from "../../shared/schemas/profile-fields.ts";

// Profiles as other members see them: cards for lists (no contact details
// ever) and the full profile for entitled viewers. Lookup names are joined
// here so that every client, the public page included, gets readable cards.

/** Who is looking, and what their membership allows (worker/lib/viewer.ts). */
export interface CardViewer {
  pid: number;
  /** Gender, star and padam for the matching points; null for a link-preview crawler. */
  astro: AstroMember | null;
  /** Paid viewers get the show-more details (section 2). */
  paid: boolean;
  /** ISO date in the agency's time zone, for ages. */
  today: string;
  /** Photos shown unblurred regardless of the rules (section 6, "forced"). */
  forcePhotos?: boolean;
}

const CARD_COLUMNS = `m.pid, m.gender, m.star_id, m.padham_id, m.profile_type, m.public_profile, m.show_photo, m.photo_key, m.photo_blur_key, m.name, m.surname,
  m.birth_date, m.birth_time, m.birth_place, m.marriage_turn, m.complexion, m.education_details, m.profession_details,
  m.profession_type_id, m.working_in, m.residing_city, m.father_name, m.father_job, m.mother_name, m.mother_job,
  h.name AS height_name, sc.name AS subcaste_name, r.name AS religion_name, st.name AS star_name, st.name_te AS star_te,
  pd.name AS padham_name, rs.name AS raasi_name, pt.name AS profession_type_name, c.name AS working_city_name,
  ai.name AS income_name, d.name AS district_name,
  i.interested_at, i.approved_at, i.denied_at, i.deleted_at,
  rx.interested_at AS in_interested_at, rx.approved_at AS in_approved_at, rx.denied_at AS in_denied_at, rx.deleted_at AS in_deleted_at,
  EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid) AS hidden,
  EXISTS (SELECT 1 FROM profile_views pv WHERE pv.viewer_pid = ?1 AND pv.viewed_pid = m.pid) AS viewed`;

const CARD_JOINS = `LEFT JOIN heights h ON h.id = m.height_id
  LEFT JOIN subcastes sc ON sc.id = m.subcaste_id
  LEFT JOIN religions r ON r.id = m.religion_id
  LEFT JOIN stars st ON st.id = m.star_id
  LEFT JOIN padhams pd ON pd.id = m.padham_id
  LEFT JOIN raasis rs ON rs.id = m.raasi_id
  LEFT JOIN profession_types pt ON pt.id = m.profession_type_id
  LEFT JOIN cities c ON c.id = m.working_city_id
  LEFT JOIN annual_incomes ai ON ai.id = m.income_id
  LEFT JOIN districts d ON d.id = m.native_district_id
  LEFT JOIN interests i ON i.from_pid = ?1 AND i.to_pid = m.pid
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
  height_name: string | null;
  subcaste_name: string | null;
  religion_name: string | null;
  star_name: string | null;
  star_te: string | null;
  padham_name: string | null;
  raasi_name: string | null;
  profession_type_name: string | null;
  working_city_name: string | null;
  income_name: string | null;
  district_name: string | null;
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

/** An approved request that still stands: the viewer asked, the owner approved. */
function isApproved(row: Pick<CardRow, "approved_at" | "denied_at" | "deleted_at">): boolean {
  return row.approved_at !== null && row.denied_at === null && row.deleted_at === null;
}

/** Ashtakoota points of the viewer and this profile (issue 8), computed here for the rows of a page. */
function scoreFor(viewer: AstroMember | null, row: CardRow) {
  return viewer && scoreMembers(viewer, { gender: row.gender, star: row.star_id, pada: row.padham_id });
}

function toCard(row: CardRow, viewer: CardViewer): ProfileCard {
  const approved = isApproved(row);
  // Section 6: blurred unless the request is approved, showPhoto is 2, or visibility is forced.
  const photoVisible = approved || row.show_photo === 2 || viewer.forcePhotos === true;
  return {
    pid: row.pid,
    profileType: row.profile_type,
    publicProfile: row.public_profile,
    requestStatus: row.hidden ? "D" : approved ? "A" : "-",
    interestedAt: row.interested_at,
    approvedAt: row.approved_at,
    deniedAt: row.denied_at,
    deletedAt: row.deleted_at,
    showPhoto: row.show_photo,
    photoUrl: imageUrl(photoVisible ? row.photo_key : row.photo_blur_key),
    photoVisible,
    surname: row.surname,
    name: row.name,
    age: ageOn(row.birth_date, viewer.today),
    birthPlace: row.birth_place,
    height: row.height_name,
    subcaste: row.subcaste_name,
    religion: row.religion_name,
    star: row.star_name,
    starTe: row.star_te,
    padham: row.padham_name,
    educationDetails: row.education_details,
    professionDetails: row.profession_details,
    marriageTurn: row.marriage_turn,
    astroPoints: scoreFor(viewer.astro, row)?.total ?? null,
    viewed: row.viewed === 1,
    incoming:
      row.in_interested_at && !row.in_deleted_at
        ? { interestedAt: row.in_interested_at, approvedAt: row.in_approved_at, deniedAt: row.in_denied_at }
        : null,
    details: viewer.paid
      ? {
          birthDate: toStoredDisplayDate(row.birth_date),
          birthTime: toStoredDisplayTime(row.birth_time),
          raasi: row.raasi_name,
          professionType: row.profession_type_name,
          professionTypeId: row.profession_type_id,
          workingIn: row.working_in,
          workingCity: row.working_city_name,
          annualIncome: row.income_name,
          color: row.complexion,
          fatherName: row.father_name,
          fatherProfession: row.father_job,
          motherName: row.mother_name,
          motherProfession: row.mother_job,
          nativeDistrict: row.district_name,
          residingCity: row.residing_city,
        }
      : null,
  };
}

const opposite = (gender: Gender): Gender => (gender === "F" ? "M" : "F");

/** Active members of one gender, for simple search's page count. */
export async function countActiveMembers(db: D1Database, gender: Gender): Promise<number> {
  const row = await db.prepare("SELECT active_members FROM member_counts WHERE gender = ?1").bind(gender).first<{ active_members: number }>();
  return row?.active_members ?? 0;
}

/**
 * Simple search (section 7): profiles of the opposite gender, grouped by tier
 * (LIFE, PREMIUM, DONOR, MEMBER, FREE) or newest first, without those the
 * viewer removed. The page is chosen on an index and only its rows are joined.
 */
export async function simpleSearch(
  db: D1Database,
  viewer: CardViewer & { gender: Gender },
  options: { order: "tier" | "new"; limit: number; offset: number },
): Promise<ProfileCard[]> {
  const order = options.order === "new" ? "pid DESC" : "type_rank, pid DESC";
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}
       FROM (SELECT pid, type_rank FROM members
             WHERE gender = ?2 AND active = 1 AND pid <> ?1
               AND NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = members.pid)
             ORDER BY ${order} LIMIT ?3 OFFSET ?4) page
       JOIN members m ON m.pid = page.pid
       ${CARD_JOINS}
       ORDER BY ${order.replace(/(type_rank|pid)/g, "page.$1")}`,
    )
    .bind(viewer.pid, opposite(viewer.gender), options.limit, options.offset)
    .all<CardRow>();
  return results.map((row) => toCard(row, viewer));
}

/** Birth dates of people aged `age` on `today`: born after `from` and on or before `to`. */
function birthRangeForAge(today: string, minAge: number | undefined, maxAge: number | undefined) {
  const shift = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  return { bornOnOrBefore: minAge === undefined ? null : shift(minAge), bornAfter: maxAge === undefined ? null : shift(maxAge + 1) };
}

/**
 * The viewer's totals against the 108 padams (ADR 0016), bound as one JSON
 * parameter and joined to each candidate by padam, so that SQL filters and
 * orders the whole result and LIMIT/OFFSET pages stay exact. CROSS JOIN keeps
 * members the outer loop: the other way round SQLite reads every candidate
 * once per padam.
 */
function pointsSql(param: number) {
  return {
    with: `WITH totals (pada, points) AS MATERIALIZED (SELECT key + 1, value FROM json_each(?${param}))`,
    join: "CROSS JOIN totals t ON t.pada = (m.star_id - 1) * 4 + m.padham_id",
  };
}

/**
 * Detailed search (GET eloborate_profile): filters on the opposite gender's
 * active members. Fetches one row more than a page to tell whether a next
 * page exists, so no count of the whole result is needed.
 */
export async function detailedSearch(
  db: D1Database,
  viewer: CardViewer & { gender: Gender },
  filters: DetailedSearch,
  options: { limit: number; offset: number },
): Promise<ProfileCard[]> {
  const where = ["m.gender = ?2", "m.active = 1", "m.pid <> ?1", "NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid)"];
  const params: (string | number)[] = [viewer.pid, opposite(viewer.gender)];
  const add = (sql: string, value: string | number) => {
    params.push(value);
    where.push(sql.replace("?", `?${params.length}`));
  };
  const { bornOnOrBefore, bornAfter } = birthRangeForAge(viewer.today, filters.ageMin, filters.ageMax);
  if (bornOnOrBefore) add("m.birth_date <= ?", bornOnOrBefore);
  if (bornAfter) add("m.birth_date > ?", bornAfter);
  if (filters.heightMin) add("m.height_id >= ?", filters.heightMin);
  if (filters.heightMax) add("m.height_id <= ?", filters.heightMax);
  if (filters.star) add("m.star_id = ?", filters.star);
  if (filters.raasi) add("m.raasi_id = ?", filters.raasi);
  if (filters.religion) add("m.religion_id = ?", filters.religion);
  if (filters.subcaste) add("m.subcaste_id = ?", filters.subcaste);
  if (filters.education) add("m.basic_education_id = ?", filters.education);
  if (filters.professionType) add("m.profession_type_id = ?", filters.professionType);
  if (filters.incomeMin) add("m.income_id >= ?", filters.incomeMin);
  if (filters.workingIn) add("m.working_in = ?", filters.workingIn);
  if (filters.state) add("m.native_state_id = ?", filters.state);
  if (filters.district) add("m.native_district_id = ?", filters.district);
  if (filters.marriage) add("m.marriage_turn = ?", filters.marriage);
  const totals = viewer.astro && (filters.minPoints !== undefined || filters.order === "points") ? totalsByPada(viewer.astro) : null;
  // Without the viewer's own star and padam no profile reaches a minimum.
  if (filters.minPoints !== undefined && !totals) return [];
  let points = { with: "", join: "" };
  if (totals) {
    params.push(JSON.stringify(totals));
    points = pointsSql(params.length);
    if (filters.minPoints !== undefined) add("t.points >= ?", filters.minPoints);
  }
  const order = `${totals && filters.order === "points" ? "t.points DESC, " : ""}m.type_rank, m.pid DESC`;
  params.push(options.limit, options.offset);
  const { results } = await db
    .prepare(
      `${points.with} SELECT ${CARD_COLUMNS} FROM members m ${points.join} ${CARD_JOINS}
       WHERE ${where.join(" AND ")}
       ORDER BY ${order} LIMIT ?${params.length - 1} OFFSET ?${params.length}`,
    )
    .bind(...params)
    .all<CardRow>();
  return results.map((row) => toCard(row, viewer));
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
export async function matchingProfiles(db: D1Database, viewer: CardViewer, basis: MatchBasis, options: { limit: number; offset: number }): Promise<ProfileCard[]> {
  const shiftYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;
  // A bride looks for grooms born up to 7 years before her; a groom for brides born up to 7 years after him.
  const [from, to] = basis.gender === "F" ? [shiftYears(basis.birthDate, -7), basis.birthDate] : [basis.birthDate, shiftYears(basis.birthDate, 7)];
  const totals = viewer.astro && totalsByPada(viewer.astro);
  const points = totals ? pointsSql(9) : { with: "", join: "" };
  const { results } = await db
    .prepare(
      `${points.with} SELECT ${CARD_COLUMNS} FROM members m ${points.join} ${CARD_JOINS}
       WHERE m.gender = ?2 AND m.active = 1 AND m.pid <> ?1 AND m.birth_date BETWEEN ?3 AND ?4
         AND m.religion_id = ?5 AND m.marriage_turn = ?6
         AND NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid)
       ORDER BY ${totals ? "t.points DESC, " : ""}m.type_rank, m.pid DESC LIMIT ?7 OFFSET ?8`,
    )
    .bind(viewer.pid, opposite(basis.gender), from, to, basis.religionId, basis.marriageTurn, options.limit, options.offset, ...(totals ? [JSON.stringify(totals)] : []))
    .all<CardRow>();
  return results.map((row) => toCard(row, viewer));
}

/** One active profile's card (single_user_profile/{id}, search by ID). */
export async function getCard(db: D1Database, viewer: CardViewer, pid: number): Promise<ProfileCard | null> {
  const row = await db
    .prepare(`SELECT ${CARD_COLUMNS} FROM members m ${CARD_JOINS} WHERE m.pid = ?2 AND m.active = 1`)
    .bind(viewer.pid, pid)
    .first<CardRow>();
  return row ? toCard(row, viewer) : null;
}

interface FullRow extends CardRow {
  raasi_te: string | null;
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
 * A full profile with names instead of ids, contact details included: only
 * for the owner or an entitled viewer (worker/lib/viewer.ts decides).
 */
export async function getFullProfile(db: D1Database, viewer: { pid: number; astro: AstroMember }, pid: number, siblings: Sibling[]): Promise<FullProfile | null> {
  const row = await db
    .prepare(
      `SELECT ${CARD_COLUMNS}, rs.name_te AS raasi_te, be.name AS basic_education_name, q.name AS education_name,
         co.name AS working_country_name, m.abroad_working_city, v.name AS visa_name, s.name AS state_name,
         m.mobile, m.alternate_mobile, m.email, m.address, m.has_siblings
       FROM members m ${CARD_JOINS}
       LEFT JOIN basic_educations be ON be.id = m.basic_education_id
       LEFT JOIN qualifications q ON q.id = m.education_id
       LEFT JOIN countries co ON co.id = m.working_country_id
       LEFT JOIN visas v ON v.id = m.work_visa_id
       LEFT JOIN states s ON s.id = m.native_state_id
       WHERE m.pid = ?2`,
    )
    .bind(viewer.pid, pid)
    .first<FullRow>();
  if (!row) return null;
  const astroMatch = scoreFor(viewer.astro, row);
  return {
    pid: row.pid,
    profileType: row.profile_type,
    gender: row.gender,
    photoUrl: imageUrl(row.photo_key),
    name: row.name,
    surName: row.surname,
    height: row.height_name,
    color: row.complexion,
    marriageTurn: row.marriage_turn,
    birthDate: toStoredDisplayDate(row.birth_date),
    birthTime: toStoredDisplayTime(row.birth_time),
    birthPlace: row.birth_place,
    religion: row.religion_name,
    subCaste: row.subcaste_name,
    star: row.star_name,
    starTe: row.star_te,
    raasi: row.raasi_name,
    raasiTe: row.raasi_te,
    padham: row.padham_name,
    astroPoints: astroMatch?.total ?? null,
    astroMatch,
    basicEducation: row.basic_education_name,
    education: row.education_name,
    educationDetails: row.education_details,
    professionType: row.profession_type_name,
    professionTypeId: row.profession_type_id,
    professionDetails: row.profession_details,
    workingIn: row.working_in,
    workingCity: row.working_city_name,
    workingCountry: row.working_country_name,
    abroadWorkingCity: row.abroad_working_city,
    workVisa: row.visa_name,
    annualIncome: row.income_name,
    fatherName: row.father_name,
    fatherProfession: row.father_job,
    motherName: row.mother_name,
    motherProfession: row.mother_job,
    nativeDistrict: row.district_name,
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
 * The members' lists (GET profile_visits): V, the members interested in the
 * viewer, latest first; F, the profiles the viewer asked about. Withdrawn
 * requests and profiles the viewer removed are left out of both.
 */
export async function interestList(db: D1Database, viewer: CardViewer, status: "V" | "F", options: { limit: number; offset: number }): Promise<ProfileCard[]> {
  const [join, where] = status === "V" ? ["x.from_pid", "x.to_pid = ?1"] : ["x.to_pid", "x.from_pid = ?1"];
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM interests x JOIN members m ON m.pid = ${join} ${CARD_JOINS}
       WHERE ${where} AND x.deleted_at IS NULL AND m.active = 1
         AND NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid)
       ORDER BY x.interested_at DESC, m.pid DESC LIMIT ?2 OFFSET ?3`,
    )
    .bind(viewer.pid, options.limit, options.offset)
    .all<CardRow>();
  return results.map((row) => toCard(row, viewer));
}

/**
 * The member's own suggestions (ADR 0012): without those already approved,
 * denied or withdrawn, nor those dismissed; profiles not yet asked about
 * first, then pending ones, newest pid first within each.
 */
export async function recommendedProfiles(db: D1Database, viewer: CardViewer, limit: number): Promise<ProfileCard[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM recommendations rc JOIN members m ON m.pid = rc.recommended_pid ${CARD_JOINS}
       WHERE rc.member_pid = ?1 AND rc.dismissed_at IS NULL AND m.active = 1
         AND i.approved_at IS NULL AND i.denied_at IS NULL AND i.deleted_at IS NULL
       ORDER BY (i.interested_at IS NOT NULL), m.pid DESC LIMIT ?2`,
    )
    .bind(viewer.pid, limit)
    .all<CardRow>();
  return results.map((row) => toCard(row, viewer));
}

/**
 * Profiles the agency publishes (public_profile set) of the other gender that
 * the viewer has not asked about yet, newest first (GET whatsapp/profiles_not_sent).
 */
export async function publishedNotAsked(db: D1Database, viewer: CardViewer & { gender: Gender }, limit: number): Promise<ProfileCard[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM members m ${CARD_JOINS}
       WHERE m.gender = ?2 AND m.active = 1 AND m.public_profile IS NOT NULL AND i.from_pid IS NULL
       ORDER BY m.pid DESC LIMIT ?3`,
    )
    .bind(viewer.pid, opposite(viewer.gender), limit)
    .all<CardRow>();
  return results.map((row) => toCard(row, viewer));
}
