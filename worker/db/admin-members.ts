import type { AdminInterest, AdminMember, AdminMemberRow, Paged, RequestState } from "#shared/admin-types.ts";
import type { PublicProfile } from "#shared/api-types.ts";
import type { Gender, ProfileType } from "#shared/constants.ts";
import { balance, isActive, isPaid, type ProfileLimits } from "#shared/membership.ts";
import type { CorrectPersonalInput, MemberSearch, MembershipInput, VisibilityInput } from "#shared/schemas/admin.ts";
import type { ParentsData } from "#shared/schemas/profile-edit.ts";
import { normalizeMobile } from "#shared/schemas/profile-fields.ts";
import { getUserRecord, type PhotoKeys } from "./members.ts";
import { imageUrl } from "./profiles.ts";
import { limitClause } from "./limit-clause.ts";

// Members as the agency console sees them (ADR 0018): found by Profile ID,
// name, mobile or tier, and changed by staff. Every change here is returned
// as a statement, so that the route writes it in one batch with its audit
// entry.

interface RowWithLimits {
  pid: number;
  gender: Gender;
  name: string;
  surname: string;
  mobile: string;
  profile_type: ProfileType;
  profiles_count: number;
  total: number;
  last_view_date: string | null;
  active: number;
  created_at: string;
}

const ROW_COLUMNS = "pid, gender, name, surname, mobile, profile_type, profiles_count, total, last_view_date, active, created_at";

function toRow(row: RowWithLimits, today: string): AdminMemberRow {
  const profileLimits: ProfileLimits = {
    profileType: row.profile_type,
    profilesCount: row.profiles_count,
    total: row.total,
    lastViewDate: row.last_view_date,
  };
  return {
    pid: row.pid,
    gender: row.gender,
    name: row.name,
    surName: row.surname,
    mobile: row.mobile,
    profileLimits,
    membership: { paid: isPaid(profileLimits), active: isActive(profileLimits, today), balance: balance(profileLimits) },
    active: row.active === 1,
    createdAt: row.created_at,
  };
}

/** LIKE treats % and _ as wildcards; a name typed with them means the characters. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The members matching a console search, newest first. `q` is read the way
 * staff type it: digits are a Profile ID or part of a mobile number, letters
 * part of a name or surname.
 */
export async function searchMembers(db: D1Database, search: MemberSearch, today: string): Promise<Paged<AdminMemberRow>> {
  const params: unknown[] = [];
  /** The placeholder of a new parameter: D1 refuses values the statement does not use. */
  const param = (value: unknown) => `?${params.push(value)}`;
  const conditions: string[] = [];
  const q = search.q ?? "";
  if (q !== "") {
    const digits = q.replace(/\D/g, "");
    const either: string[] = [];
    if (/^\d{1,9}$/.test(q)) either.push(`pid = ${param(Number(q))}`);
    // A whole number, typed as people type it (spaces, +91 or 91, a leading
    // 0), is read as the registration form reads it (normalizeMobile) and
    // found by the unique index on mobile; part of a number by its digits.
    const mobile = /^[\d\s\-().+]+$/.test(q) ? normalizeMobile(q) : null;
    if (mobile) either.push(`mobile = ${param(mobile)}`);
    else if (digits.length >= 4) either.push(`replace(replace(mobile, '+', ''), ' ', '') LIKE ${param(`%${digits}%`)}`);
    if (/\p{L}/u.test(q)) {
      const name = param(likeContaining(q));
      // Either order: the console's table shows "surname name", members write "name surname".
      either.push(
        `name LIKE ${name} ESCAPE '\\' OR surname LIKE ${name} ESCAPE '\\' OR (name || ' ' || surname) LIKE ${name} ESCAPE '\\' OR (surname || ' ' || name) LIKE ${name} ESCAPE '\\'`,
      );
    }
    // Text that is none of these (say "+-") matches nobody rather than everybody.
    conditions.push(either.length > 0 ? `(${either.join(" OR ")})` : "0");
  }
  if (search.tier) conditions.push(`profile_type = ${param(search.tier)}`);
  if (search.gender) conditions.push(`gender = ${param(search.gender)}`);
  if (search.status) conditions.push(`active = ${param(search.status === "active" ? 1 : 0)}`);
  if (search.membership === "free") conditions.push("profile_type = 'FREE'");
  if (search.membership === "active") conditions.push(`profile_type <> 'FREE' AND last_view_date >= ${param(today)}`);
  if (search.membership === "expired") conditions.push(`profile_type <> 'FREE' AND (last_view_date IS NULL OR last_view_date < ${param(today)})`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const { results } = await db
    .prepare(`SELECT ${ROW_COLUMNS}, COUNT(*) OVER () AS matches FROM members ${where} ORDER BY pid DESC ${limitClause(search.pageSize, (search.page - 1) * search.pageSize)}`)
    .bind(...params)
    .all<RowWithLimits & { matches: number }>();
  return { items: results.map((row) => toRow(row, today)), total: results[0]?.matches ?? 0, page: search.page, pageSize: search.pageSize };
}

/** The member whole: the record, visibility, live sessions and every request made by or to them (their WhatsApp is added by the route). */
export async function getAdminMember(db: D1Database, pid: number, now: Date, today: string): Promise<Omit<AdminMember, "latestCode" | "inbound"> | null> {
  const [row, record] = await Promise.all([
    db
      .prepare(
        `SELECT ${ROW_COLUMNS}, show_photo, public_profile, photo_key, password_hash <> '' AS password_set, deleted_at, erase_after,
           (SELECT COUNT(*) FROM sessions s WHERE s.member_pid = members.pid AND s.ended_at IS NULL AND s.expires_at > ?2) AS live_sessions
         FROM members WHERE pid = ?1`,
      )
      .bind(pid, now.toISOString())
      .first<
        RowWithLimits & {
          show_photo: 1 | 2;
          public_profile: PublicProfile;
          photo_key: string | null;
          password_set: number;
          deleted_at: string | null;
          erase_after: string | null;
          live_sessions: number;
        }
      >(),
    getUserRecord(db, pid),
  ]);
  if (!row || !record) return null;
  const { results } = await db
    .prepare(
      `SELECT from_pid, to_pid, interested_at, approved_at, denied_at, deleted_at FROM interests
       WHERE from_pid = ?1 OR to_pid = ?1 ORDER BY interested_at DESC`,
    )
    .bind(pid)
    .all<{ from_pid: number; to_pid: number; interested_at: string; approved_at: string | null; denied_at: string | null; deleted_at: string | null }>();
  const interests = results.map((interest): AdminInterest => {
    const state: RequestState = interest.deleted_at ? "withdrawn" : interest.approved_at ? "approved" : interest.denied_at ? "denied" : "pending";
    return {
      fromPid: interest.from_pid,
      toPid: interest.to_pid,
      state,
      interestedAt: interest.interested_at,
      decidedAt: interest.deleted_at ?? interest.approved_at ?? interest.denied_at,
    };
  });
  return {
    ...toRow(row, today),
    record,
    showPhoto: row.show_photo,
    publicProfile: row.public_profile,
    photoUrl: imageUrl(row.photo_key),
    liveSessions: row.live_sessions,
    interests,
    passwordSet: row.password_set === 1,
    erasure: row.erase_after ? { eraseAfter: row.erase_after, reason: row.deleted_at ? "deleted" : "retention" } : null,
  };
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * Sets the membership's four values, and changes nothing (no row) when the
 * stored membership is no longer what the form was loaded with: the views
 * used (`expectedTotal`, always), and the tier, views bought and last day
 * when the console sends them (a sale by other staff meanwhile), or when the
 * profile was deleted meanwhile. A membership that runs to `today` or later
 * cancels a retention erasure that was announced (ADR 0034): the member is
 * using the profile again, as a sign-in would say.
 */
export function setMembership(db: D1Database, pid: number, membership: MembershipInput, today: string): D1PreparedStatement {
  const keepsProfile = isActive(membership, today) ? 1 : 0;
  return db
    .prepare(
      `UPDATE members SET profile_type = ?2, profiles_count = ?3, total = ?4, last_view_date = ?5,
         erase_after = CASE WHEN ?6 THEN NULL ELSE erase_after END, erasure_notice_at = CASE WHEN ?6 THEN NULL ELSE erasure_notice_at END,
         updated_at = ${NOW}
       WHERE pid = ?1 AND deleted_at IS NULL AND total = ?7
         AND (?8 IS NULL OR profile_type = ?8) AND (?9 IS NULL OR profiles_count = ?9) AND (NOT ?10 OR last_view_date IS ?11)`,
    )
    .bind(
      pid,
      membership.profileType,
      membership.profilesCount,
      membership.total,
      membership.lastViewDate,
      keepsProfile,
      membership.expectedTotal,
      membership.expectedProfileType ?? null,
      membership.expectedProfilesCount ?? null,
      membership.expectedLastViewDate === undefined ? 0 : 1,
      membership.expectedLastViewDate ?? null,
    );
}

export function setVisibility(db: D1Database, pid: number, visibility: VisibilityInput): D1PreparedStatement {
  return db.prepare(`UPDATE members SET show_photo = ?2, public_profile = ?3, updated_at = ${NOW} WHERE pid = ?1`).bind(pid, visibility.showPhoto, visibility.publicProfile);
}

export function setMemberActive(db: D1Database, pid: number, active: boolean): D1PreparedStatement {
  return db.prepare(`UPDATE members SET active = ?2, updated_at = ${NOW} WHERE pid = ?1`).bind(pid, active ? 1 : 0);
}

/**
 * What staff may correct of a member (ADR 0022), as stored (birth date
 * yyyy-MM-dd, birth time HH:mm) and named as the correction payloads name
 * it, so that a route can tell which fields a save changes and audit those.
 */
export interface CorrectableFields {
  gender: Gender;
  name: string;
  surname: string;
  dob: string;
  tob: string;
  pob: string;
  star: number;
  padham: number;
  raasi: number | null;
  height: number;
  subcaste: number;
  religion: number;
  marriage: 1 | 2;
  basicEducation: number | null;
  education: number | null;
  educationDetails: string;
  professionType: number | null;
  workingIn: 1 | 2 | null;
  incomePerYear: number | null;
  workingCity: number | null;
  workingCountry: number | null;
  abroadWorkingCity: string | null;
  workVisa: number | null;
  denomination: string | null;
  professionDetails: string | null;
  fatherName: string;
  fatherJob: string;
  motherName: string;
  motherJob: string;
  nativeCountry: number;
  nativeState: number | null;
  nativeDistrict: number | null;
  residingCity: string | null;
  mobile: string;
  alternateMobile: string | null;
  email: string | null;
  address: string;
}

export async function getCorrectableFields(db: D1Database, pid: number): Promise<CorrectableFields | null> {
  return db
    .prepare(
      `SELECT gender, name, surname, birth_date AS dob, birth_time AS tob, birth_place AS pob, star_id AS star, padham_id AS padham,
         raasi_id AS raasi, height_id AS height, subcaste_id AS subcaste, religion_id AS religion, marriage_turn AS marriage,
         basic_education_id AS basicEducation, education_id AS education, education_details AS educationDetails,
         profession_type_id AS professionType, working_in AS workingIn, income_id AS incomePerYear, working_city_id AS workingCity,
         working_country_id AS workingCountry, abroad_working_city AS abroadWorkingCity, work_visa_id AS workVisa, denomination,
         -- Stored as '' when there are none; the payloads say null.
         NULLIF(profession_details, '') AS professionDetails,
         father_name AS fatherName, father_job AS fatherJob, mother_name AS motherName, mother_job AS motherJob,
         native_country_id AS nativeCountry, native_state_id AS nativeState, native_district_id AS nativeDistrict,
         residing_city AS residingCity, mobile, alternate_mobile AS alternateMobile, email, address
       FROM members WHERE pid = ?1`,
    )
    .bind(pid)
    .first<CorrectableFields>();
}

// The corrections below write what the member's own saves write
// (members.ts updatePersonal and the others), and more: the birth date,
// time and height, and the WhatsApp number as staff heard it. They are
// statements rather than calls, for one batch with the audit entry.

export function correctPersonal(db: D1Database, pid: number, data: CorrectPersonalInput & { raasi: number }, photo: PhotoKeys | null): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE members SET name = ?2, surname = ?3, birth_date = ?4, birth_time = ?5, birth_place = ?6, star_id = ?7, padham_id = ?8,
         raasi_id = ?9, height_id = ?10, subcaste_id = ?11, religion_id = ?12, marriage_turn = ?13,
         photo_key = COALESCE(?14, photo_key), photo_blur_key = COALESCE(?15, photo_blur_key), updated_at = ${NOW}
       WHERE pid = ?1`,
    )
    .bind(
      pid,
      data.name,
      data.surname,
      data.dob,
      data.tob,
      data.pob,
      data.star,
      data.padham,
      data.raasi,
      data.height,
      data.subcaste,
      data.religion,
      data.marriage,
      photo?.photoKey ?? null,
      photo?.photoBlurKey ?? null,
    );
}

/** The other member whose WhatsApp number this is, if any: staff can open that profile. */
export async function pidWithMobile(db: D1Database, mobile: string, exceptPid: number): Promise<number | null> {
  const row = await db.prepare("SELECT pid FROM members WHERE mobile = ?1 AND pid <> ?2").bind(mobile, exceptPid).first<{ pid: number }>();
  return row?.pid ?? null;
}

/** The parents tab with the WhatsApp number, which staff set directly (ADR 0022); the unique index refuses another member's. */
export function correctParents(db: D1Database, pid: number, data: ParentsData): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE members SET father_name = ?2, father_job = ?3, mother_name = ?4, mother_job = ?5, native_country_id = ?6,
         native_state_id = ?7, native_district_id = ?8, residing_city = ?9, mobile = ?10, alternate_mobile = ?11, email = ?12,
         address = ?13, updated_at = ${NOW}
       WHERE pid = ?1`,
    )
    .bind(
      pid,
      data.fatherName,
      data.fatherJob,
      data.motherName,
      data.motherJob,
      data.nativeCountry,
      data.nativeState,
      data.nativeDistrict,
      data.residingCity,
      data.mobile,
      data.alternateMobile,
      data.email,
      data.address,
    );
}
