import type { ProfileType, Gender } from "../../shared/constants.ts";
import type { ProfileLimits } from "../../shared/membership.ts";

// Members: SQL and row mappers. Columns are snake_case in D1 and camelCase in
// the API (section 3, "List responses have keys converted").

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
}

export async function getCredentials(db: D1Database, pid: number): Promise<Credentials | null> {
  const row = await db
    .prepare("SELECT pid, active, password_hash, profile_type, profiles_count, total, last_view_date FROM members WHERE pid = ?1")
    .bind(pid)
    .first<LimitsRow & { pid: number; active: number; password_hash: string }>();
  if (!row) return null;
  return { pid: row.pid, active: row.active === 1, passwordHash: row.password_hash, profileLimits: toLimits(row) };
}

export interface MemberSummary {
  pid: number;
  gender: Gender;
  name: string;
  surName: string;
  profileLimits: ProfileLimits;
}

export async function getMemberSummary(db: D1Database, pid: number): Promise<MemberSummary | null> {
  const row = await db
    .prepare("SELECT pid, gender, name, surname, profile_type, profiles_count, total, last_view_date FROM members WHERE pid = ?1")
    .bind(pid)
    .first<LimitsRow & { pid: number; gender: Gender; name: string; surname: string }>();
  if (!row) return null;
  return { pid: row.pid, gender: row.gender, name: row.name, surName: row.surname, profileLimits: toLimits(row) };
}
