import type { AdminRecommendation } from "#shared/admin-types.ts";
import type { ProfileType } from "#shared/constants.ts";

// Recommendations (ADR 0012): profiles the agency chooses for
// a member in the console. They appear on the member's /recommended_profiles
// until the member says "Not interested" (dismissed_at).

export async function listRecommendations(db: D1Database, memberPid: number): Promise<AdminRecommendation[]> {
  const { results } = await db
    .prepare(
      `SELECT r.recommended_pid AS pid, m.name, m.surname, m.profile_type, r.source, r.created_at, r.dismissed_at
       FROM recommendations r JOIN members m ON m.pid = r.recommended_pid
       WHERE r.member_pid = ?1 ORDER BY r.created_at DESC, r.recommended_pid DESC`,
    )
    .bind(memberPid)
    .all<{ pid: number; name: string; surname: string; profile_type: ProfileType; source: "agency" | "matches"; created_at: string; dismissed_at: string | null }>();
  return results.map((row) => ({
    pid: row.pid,
    name: row.name,
    surName: row.surname,
    profileType: row.profile_type,
    source: row.source,
    createdAt: row.created_at,
    dismissedAt: row.dismissed_at,
  }));
}

/** Recommends a profile; recommending it again after "Not interested" shows it to the member again. */
export function addRecommendation(db: D1Database, memberPid: number, pid: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO recommendations (member_pid, recommended_pid, source) VALUES (?1, ?2, 'agency')
       ON CONFLICT (member_pid, recommended_pid) DO UPDATE SET source = 'agency', dismissed_at = NULL,
         created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(memberPid, pid);
}

export function removeRecommendation(db: D1Database, memberPid: number, pid: number): D1PreparedStatement {
  return db.prepare("DELETE FROM recommendations WHERE member_pid = ?1 AND recommended_pid = ?2").bind(memberPid, pid);
}
