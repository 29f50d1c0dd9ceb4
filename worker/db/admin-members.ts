import type { AdminInterest, AdminMember, AdminMemberRow, Paged, RequestState } from "../../shared/admin-types.ts";
import type { PublicProfile } from "../../shared/api-types.ts";
import type { Gender, ProfileType } from "../../shared/constants.ts";
import { balance, isActive, isPaid, type ProfileLimits } from "../../shared/membership.ts";
import type { MemberSearch, MembershipInput, VisibilityInput } from "../../shared/schemas/admin.ts";
import { getUserRecord } from "./members.ts";
import { imageUrl } from "./profiles.ts";

// Members as the agency console sees them (issue 7): found by Profile ID,
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
    if (digits.length >= 4) either.push(`replace(replace(mobile, '+', ''), ' ', '') LIKE ${param(`%${digits}%`)}`);
    if (/\p{L}/u.test(q)) {
      const name = param(likeContaining(q));
      either.push(`name LIKE ${name} ESCAPE '\\' OR surname LIKE ${name} ESCAPE '\\' OR (name || ' ' || surname) LIKE ${name} ESCAPE '\\'`);
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
  const limit = param(search.pageSize);
  const offset = param((search.page - 1) * search.pageSize);
  const { results } = await db
    .prepare(`SELECT ${ROW_COLUMNS}, COUNT(*) OVER () AS matches FROM members ${where} ORDER BY pid DESC LIMIT ${limit} OFFSET ${offset}`)
    .bind(...params)
    .all<RowWithLimits & { matches: number }>();
  return { items: results.map((row) => toRow(row, today)), total: results[0]?.matches ?? 0, page: search.page, pageSize: search.pageSize };
}

/** The member whole: the record, visibility, live sessions and every request made by or to them (their WhatsApp is added by the route). */
export async function getAdminMember(db: D1Database, pid: number, now: Date, today: string): Promise<Omit<AdminMember, "latestCode" | "inbound"> | null> {
  const [row, record] = await Promise.all([
    db
      .prepare(
        `SELECT ${ROW_COLUMNS}, show_photo, public_profile, photo_key, password_hash <> '' AS password_set,
           (SELECT COUNT(*) FROM sessions s WHERE s.member_pid = members.pid AND s.ended_at IS NULL AND s.expires_at > ?2) AS live_sessions
         FROM members WHERE pid = ?1`,
      )
      .bind(pid, now.toISOString())
      .first<RowWithLimits & { show_photo: 1 | 2; public_profile: PublicProfile; photo_key: string | null; password_set: number; live_sessions: number }>(),
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
  };
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Changes nothing when the views used are no longer `expectedTotal` (the member viewed a profile meanwhile). */
export function setMembership(db: D1Database, pid: number, membership: MembershipInput): D1PreparedStatement {
  return db
    .prepare(`UPDATE members SET profile_type = ?2, profiles_count = ?3, total = ?4, last_view_date = ?5, updated_at = ${NOW} WHERE pid = ?1 AND total = ?6`)
    .bind(pid, membership.profileType, membership.profilesCount, membership.total, membership.lastViewDate, membership.expectedTotal);
}

export function setVisibility(db: D1Database, pid: number, visibility: VisibilityInput): D1PreparedStatement {
  return db
    .prepare(`UPDATE members SET show_photo = ?2, public_profile = ?3, updated_at = ${NOW} WHERE pid = ?1`)
    .bind(pid, visibility.showPhoto, visibility.publicProfile);
}

export function setMemberActive(db: D1Database, pid: number, active: boolean): D1PreparedStatement {
  return db.prepare(`UPDATE members SET active = ?2, updated_at = ${NOW} WHERE pid = ?1`).bind(pid, active ? 1 : 0);
}
