import type { ProfileType, Gender } from "#shared/constants.ts";
import type { UserRecord } from "#shared/api-types.ts";
import { toStoredDisplayDate, toStoredDisplayTime } from "#shared/dates.ts";
import type { ProfileLimits } from "#shared/membership.ts";
import type { EducationData, ParentsData, PersonalData, ProfessionalData } from "#shared/schemas/profile-edit.ts";
import type { Registration } from "#shared/schemas/registration.ts";
import type { Language } from "#shared/i18n/language.ts";
import type { MessageLanguage } from "#shared/whatsapp-messages.ts";

// Members: SQL and row mappers. Columns are snake_case in D1 and camelCase in
// the API (§ "3. Entities and their fields", "List responses have keys converted").

interface LimitsRow {
  profile_type: ProfileType;
  profiles_count: number;
  total: number;
  last_view_date: string | null;
}

function toLimits(row: LimitsRow): ProfileLimits {
  return {
    profileType: row.profile_type,
    profilesCount: row.profiles_count,
    total: row.total,
    lastViewDate: row.last_view_date,
  };
}

export interface Credentials {
  pid: number;
  active: boolean;
  passwordHash: string;
  profileLimits: ProfileLimits;
  /** When a deleted profile is erased (ADR 0034); null for a profile that was not deleted. */
  erasedAfter: string | null;
}

export async function getCredentials(db: D1Database, pid: number): Promise<Credentials | null> {
  const row = await db
    .prepare(
      `SELECT pid, active, password_hash, profile_type, profiles_count, total, last_view_date,
         CASE WHEN deleted_at IS NOT NULL THEN erase_after END AS erased_after
       FROM members WHERE pid = ?1`,
    )
    .bind(pid)
    .first<LimitsRow & { pid: number; active: number; password_hash: string; erased_after: string | null }>();
  if (!row) return null;
  return { pid: row.pid, active: row.active === 1, passwordHash: row.password_hash, profileLimits: toLimits(row), erasedAfter: row.erased_after };
}

export interface MemberSummary {
  pid: number;
  gender: Gender;
  name: string;
  surName: string;
  /** The language chosen on the profile (ADR 0040). */
  language: Language;
  profileLimits: ProfileLimits;
}

export async function getMemberSummary(db: D1Database, pid: number): Promise<MemberSummary | null> {
  const row = await db
    .prepare("SELECT pid, gender, name, surname, language, profile_type, profiles_count, total, last_view_date FROM members WHERE pid = ?1")
    .bind(pid)
    .first<LimitsRow & { pid: number; gender: Gender; name: string; surname: string; language: Language }>();
  if (!row) return null;
  return { pid: row.pid, gender: row.gender, name: row.name, surName: row.surname, language: row.language, profileLimits: toLimits(row) };
}

/** Keeps the member's language on their profile (ADR 0040); false when the profile is gone or closed. */
export async function setMemberLanguage(db: D1Database, pid: number, language: Language): Promise<boolean> {
  const result = await db.prepare("UPDATE members SET language = ?2 WHERE pid = ?1 AND active = 1").bind(pid, language).run();
  return result.meta.changes > 0;
}

interface UserRow extends LimitsRow {
  pid: number;
  gender: Gender;
  name: string;
  surname: string;
  birth_date: string;
  birth_time: string;
  birth_place: string;
  star_id: number;
  padham_id: number;
  raasi_id: number | null;
  height_id: number;
  subcaste_id: number;
  religion_id: number;
  marriage_turn: 1 | 2;
  photo_key: string | null;
  basic_education_id: number | null;
  education_id: number | null;
  education_details: string;
  profession_type_id: number | null;
  working_in: 1 | 2 | null;
  working_city_id: number | null;
  income_id: number | null;
  working_country_id: number | null;
  abroad_working_city: string | null;
  work_visa_id: number | null;
  denomination: string | null;
  profession_details: string | null;
  father_name: string;
  father_job: string;
  mother_name: string;
  mother_job: string;
  native_country_id: number;
  native_state_id: number | null;
  native_district_id: number | null;
  residing_city: string | null;
  mobile: string;
  alternate_mobile: string | null;
  email: string | null;
  address: string;
  has_siblings: 0 | 1 | 2;
}

function toUserRecord(row: UserRow): UserRecord {
  return {
    pid: row.pid,
    gender: row.gender,
    name: row.name,
    surName: row.surname,
    birthDate: toStoredDisplayDate(row.birth_date),
    birthTime: toStoredDisplayTime(row.birth_time),
    birthPlace: row.birth_place,
    star: row.star_id,
    padham: row.padham_id,
    raasi: row.raasi_id,
    height: row.height_id,
    subCaste: row.subcaste_id,
    religion: row.religion_id,
    marriageTurn: row.marriage_turn,
    s3PhotoKey: row.photo_key,
    basicEducation: row.basic_education_id,
    education: row.education_id,
    educationDetails: row.education_details,
    professionType: row.profession_type_id,
    workingIn: row.working_in,
    workingCity: row.working_city_id,
    incomePerYear: row.income_id,
    workingCountry: row.working_country_id,
    abroadWorkingCity: row.abroad_working_city,
    workVisa: row.work_visa_id,
    denomination: row.denomination,
    professionDetails: row.profession_details,
    fatherName: row.father_name,
    fatherProfession: row.father_job,
    motherName: row.mother_name,
    motherProfession: row.mother_job,
    nativeCountry: row.native_country_id,
    nativeState: row.native_state_id,
    nativeDistrict: row.native_district_id,
    residingCity: row.residing_city,
    mobileNo: row.mobile,
    alternateMobileNo: row.alternate_mobile,
    email: row.email,
    presentAddress: row.address,
    hasSiblings: row.has_siblings,
    profileLimits: toLimits(row),
  };
}

/** The whole record of one member: for the member themselves (the edit screen). */
export async function getUserRecord(db: D1Database, pid: number): Promise<UserRecord | null> {
  const row = await db.prepare("SELECT * FROM members WHERE pid = ?1").bind(pid).first<UserRow>();
  return row ? toUserRecord(row) : null;
}

export async function isMobileTaken(db: D1Database, mobile: string, exceptPid = 0): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS taken FROM members WHERE mobile = ?1 AND pid <> ?2").bind(mobile, exceptPid).first();
  return row !== null;
}

/** The active member with this WhatsApp number, whom a second registration with it helps back in (ADR 0026). */
export async function activeMemberWithMobile(db: D1Database, mobile: string): Promise<{ pid: number; language: MessageLanguage } | null> {
  return db.prepare("SELECT pid, language FROM members WHERE mobile = ?1 AND active = 1").bind(mobile).first<{ pid: number; language: MessageLanguage }>();
}

export interface PhotoKeys {
  photoKey: string;
  photoBlurKey: string;
}

export interface NewMember extends Registration, PhotoKeys {
  raasi: number;
  passwordHash: string;
  /** The language the registration form was filled in (ADR 0040). */
  language: Language;
}

/**
 * Inserts a registered member with the next Profile ID (one above the
 * highest ever issued, erased profiles included (ADR 0034), computed inside
 * the statement so two registrations cannot take the same one). Returned as a statement for a batch with its outbox message.
 */
export function insertMember(db: D1Database, m: NewMember): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO members (pid, gender, name, surname, birth_date, birth_time, birth_place, star_id, padham_id, raasi_id,
         height_id, subcaste_id, religion_id, marriage_turn, photo_key, photo_blur_key, education_details,
         profession_type_id, working_in, working_city_id, income_id, working_country_id, abroad_working_city, work_visa_id,
         profession_details, father_name, father_job, mother_name, mother_job, native_country_id, native_state_id,
         native_district_id, residing_city, mobile, alternate_mobile, email, address, password_hash, language)
       VALUES ((SELECT max(COALESCE((SELECT MAX(pid) FROM members), 10000), COALESCE((SELECT MAX(pid) FROM erased_members), 10000)) + 1), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
         ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, COALESCE(?24, ''), ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33, ?34, ?35, ?36, ?37, ?38)
       RETURNING pid`,
    )
    .bind(
      m.gender,
      m.name,
      m.surname,
      m.dob,
      m.tob,
      m.pob,
      m.star,
      m.padham,
      m.raasi,
      m.height,
      m.subcaste,
      m.religion,
      m.marriage,
      m.photoKey,
      m.photoBlurKey,
      m.educationDetails,
      m.professionType,
      m.workingIn,
      m.workingCity,
      m.incomePerYear,
      m.workingCountry,
      m.abroadWorkingCity,
      m.workVisa,
      m.professionDetails,
      m.fatherName,
      m.fatherJob,
      m.motherName,
      m.motherJob,
      m.nativeCountry,
      m.nativeState,
      m.nativeDistrict,
      m.residingCity,
      m.mobile,
      m.alternateMobile,
      m.email,
      m.address,
      m.passwordHash,
      m.language,
    );
}

export async function getPhotoKeys(db: D1Database, pid: number): Promise<PhotoKeys | null> {
  const row = await db.prepare("SELECT photo_key, photo_blur_key FROM members WHERE pid = ?1").bind(pid).first<{ photo_key: string | null; photo_blur_key: string | null }>();
  return row?.photo_key && row.photo_blur_key ? { photoKey: row.photo_key, photoBlurKey: row.photo_blur_key } : null;
}

const touched = "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Personal details; gender, dob, tob and height are not editable (§ "2. Screens and routes"). */
export async function updatePersonal(db: D1Database, pid: number, data: PersonalData & { raasi: number }, photo: PhotoKeys | null): Promise<void> {
  await db
    .prepare(
      `UPDATE members SET name = ?2, surname = ?3, birth_place = ?4, star_id = ?5, padham_id = ?6, raasi_id = ?7,
         subcaste_id = ?8, religion_id = ?9, marriage_turn = ?10,
         photo_key = COALESCE(?11, photo_key), photo_blur_key = COALESCE(?12, photo_blur_key), ${touched}
       WHERE pid = ?1`,
    )
    .bind(
      pid,
      data.name,
      data.surname,
      data.pob,
      data.star,
      data.padham,
      data.raasi,
      data.subcaste,
      data.religion,
      data.marriage,
      photo?.photoKey ?? null,
      photo?.photoBlurKey ?? null,
    )
    .run();
}

export async function updateEducation(db: D1Database, pid: number, data: EducationData): Promise<void> {
  await setEducation(db, pid, data).run();
}

/** The Education tab, as the member saves it and as staff correct it in a batch with its audit entry (ADR 0022). */
export function setEducation(db: D1Database, pid: number, data: EducationData): D1PreparedStatement {
  return db
    .prepare(`UPDATE members SET basic_education_id = ?2, education_id = ?3, education_details = ?4, ${touched} WHERE pid = ?1`)
    .bind(pid, data.basicEducation, data.education, data.educationDetails);
}

export async function updateProfessional(db: D1Database, pid: number, data: ProfessionalData): Promise<void> {
  await setProfession(db, pid, data).run();
}

/** The Profession tab, as the member saves it and as staff correct it in a batch with its audit entry (ADR 0022). */
export function setProfession(db: D1Database, pid: number, data: ProfessionalData): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE members SET profession_type_id = ?2, working_in = ?3, working_city_id = ?4, income_id = ?5, working_country_id = ?6,
         abroad_working_city = ?7, denomination = ?8, work_visa_id = ?9, profession_details = COALESCE(?10, ''), ${touched}
       WHERE pid = ?1`,
    )
    .bind(
      pid,
      data.professionType,
      data.workingIn,
      data.workingCity,
      data.incomePerYear,
      data.workingCountry,
      data.abroadWorkingCity,
      data.denomination,
      data.workVisa,
      data.professionDetails,
    );
}

/** The parents tab; the WhatsApp number is not among it: it changes only once a code sent to it is confirmed (setMemberMobile). */
export async function updateParents(db: D1Database, pid: number, data: Omit<ParentsData, "mobile">): Promise<void> {
  await db
    .prepare(
      `UPDATE members SET father_name = ?2, father_job = ?3, mother_name = ?4, mother_job = ?5, native_country_id = ?6,
         native_state_id = ?7, native_district_id = ?8, residing_city = ?9, alternate_mobile = ?10, email = ?11,
         address = ?12, ${touched}
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
      data.alternateMobile,
      data.email,
      data.address,
    )
    .run();
}

/**
 * A new password hash (or NO_PASSWORD after a staff reset). `was`: only while
 * the stored hash is still the one the current password was checked against,
 * so a reset that lands meanwhile is not undone (ADR 0021).
 */
export function setPasswordHash(db: D1Database, pid: number, passwordHash: string, was?: string): D1PreparedStatement {
  return db.prepare(`UPDATE members SET password_hash = ?2, ${touched} WHERE pid = ?1 AND (?3 IS NULL OR password_hash = ?3)`).bind(pid, passwordHash, was ?? null);
}

/** The member's WhatsApp number, once a code sent to it was confirmed (ADR 0021). */
export function setMemberMobile(db: D1Database, pid: number, mobile: string): D1PreparedStatement {
  return db.prepare(`UPDATE members SET mobile = ?2, ${touched} WHERE pid = ?1`).bind(pid, mobile);
}

/** The language of the member's WhatsApp messages. */
export async function getMemberLanguage(db: D1Database, pid: number): Promise<MessageLanguage> {
  const row = await db.prepare("SELECT language FROM members WHERE pid = ?1").bind(pid).first<{ language: MessageLanguage }>();
  return row?.language ?? "en";
}

export async function setHasSiblings(db: D1Database, pid: number, hasSiblings: 1 | 2): Promise<void> {
  await db.prepare(`UPDATE members SET has_siblings = ?2, ${touched} WHERE pid = ?1`).bind(pid, hasSiblings).run();
}

/** What the rules need to know of the member making a request. */
export interface ViewerRow extends Omit<MemberSummary, "language"> {
  birthDate: string;
  religionId: number;
  marriageTurn: 1 | 2;
  starId: number;
  padhamId: number;
}

export async function getViewerRow(db: D1Database, pid: number): Promise<ViewerRow | null> {
  const row = await db
    .prepare(
      `SELECT pid, gender, name, surname, profile_type, profiles_count, total, last_view_date, birth_date, religion_id,
         marriage_turn, star_id, padham_id
       FROM members WHERE pid = ?1`,
    )
    .bind(pid)
    .first<
      LimitsRow & { pid: number; gender: Gender; name: string; surname: string; birth_date: string; religion_id: number; marriage_turn: 1 | 2; star_id: number; padham_id: number }
    >();
  if (!row) return null;
  return {
    pid: row.pid,
    gender: row.gender,
    name: row.name,
    surName: row.surname,
    profileLimits: toLimits(row),
    birthDate: row.birth_date,
    religionId: row.religion_id,
    marriageTurn: row.marriage_turn,
    starId: row.star_id,
    padhamId: row.padham_id,
  };
}

/** Whom a WhatsApp message about a member goes to, and who they are. */
export interface MemberContact {
  pid: number;
  gender: Gender;
  name: string;
  surname: string;
  mobile: string;
  active: boolean;
}

export async function getMemberContact(db: D1Database, pid: number): Promise<MemberContact | null> {
  const row = await db
    .prepare("SELECT pid, gender, name, surname, mobile, active FROM members WHERE pid = ?1")
    .bind(pid)
    .first<{ pid: number; gender: Gender; name: string; surname: string; mobile: string; active: number }>();
  return row ? { ...row, active: row.active === 1 } : null;
}
