// The interest lifecycle (design brief section 3): A asks B (pending), B
// approves or rejects, A may withdraw. Every change is one conditional
// statement, so a repeated or concurrent request changes nothing twice.

const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface InterestState {
  interestedAt: string;
  approvedAt: string | null;
  deniedAt: string | null;
  deletedAt: string | null;
}

export async function getInterest(db: D1Database, fromPid: number, toPid: number): Promise<InterestState | null> {
  const row = await db
    .prepare("SELECT interested_at, approved_at, denied_at, deleted_at FROM interests WHERE from_pid = ?1 AND to_pid = ?2")
    .bind(fromPid, toPid)
    .first<{ interested_at: string; approved_at: string | null; denied_at: string | null; deleted_at: string | null }>();
  return row ? { interestedAt: row.interested_at, approvedAt: row.approved_at, deniedAt: row.denied_at, deletedAt: row.deleted_at } : null;
}

/**
 * Opens a request: a new one, or again after a withdrawal. Returns a row only
 * when it did; a pending, approved or denied request stays as it is.
 */
export function openInterest(db: D1Database, fromPid: number, toPid: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO interests (from_pid, to_pid) VALUES (?1, ?2)
       ON CONFLICT (from_pid, to_pid) DO UPDATE SET interested_at = ${now}, approved_at = NULL, denied_at = NULL, deleted_at = NULL
         WHERE interests.deleted_at IS NOT NULL
       RETURNING id`,
    )
    .bind(fromPid, toPid);
}

/** Withdraws a pending or approved request; false when there is none to withdraw. */
export async function withdrawInterest(db: D1Database, fromPid: number, toPid: number): Promise<boolean> {
  const row = await db
    .prepare(`UPDATE interests SET deleted_at = ${now} WHERE from_pid = ?1 AND to_pid = ?2 AND deleted_at IS NULL AND denied_at IS NULL RETURNING id`)
    .bind(fromPid, toPid)
    .first();
  return row !== null;
}

/** The owner's decision on a pending request; returns a row only when it was pending. */
export function decideInterest(db: D1Database, fromPid: number, toPid: number, decision: "approve" | "reject"): D1PreparedStatement {
  const column = decision === "approve" ? "approved_at" : "denied_at";
  return db
    .prepare(
      `UPDATE interests SET ${column} = ${now}
       WHERE from_pid = ?1 AND to_pid = ?2 AND approved_at IS NULL AND denied_at IS NULL AND deleted_at IS NULL
       RETURNING id`,
    )
    .bind(fromPid, toPid);
}

/** Removes or hides a profile from the member's lists (requestStatus 'D'); repeating it is harmless. */
export async function hideProfile(db: D1Database, memberPid: number, hiddenPid: number): Promise<void> {
  await db.prepare("INSERT INTO hidden_profiles (member_pid, hidden_pid) VALUES (?1, ?2) ON CONFLICT DO NOTHING").bind(memberPid, hiddenPid).run();
}

/** Undoes hideProfile: the profile is back in the member's lists. */
export async function unhideProfile(db: D1Database, memberPid: number, hiddenPid: number): Promise<void> {
  await db.prepare("DELETE FROM hidden_profiles WHERE member_pid = ?1 AND hidden_pid = ?2").bind(memberPid, hiddenPid).run();
}

/** "Not interested" on a suggestion; false when it was not suggested or already dismissed. */
export async function dismissRecommendation(db: D1Database, memberPid: number, pid: number): Promise<boolean> {
  const row = await db
    .prepare(`UPDATE recommendations SET dismissed_at = ${now} WHERE member_pid = ?1 AND recommended_pid = ?2 AND dismissed_at IS NULL RETURNING member_pid`)
    .bind(memberPid, pid)
    .first();
  return row !== null;
}

/** Size of a member's V or F list, for its page count (one member's rows, read through an index). */
export async function countInterestList(db: D1Database, pid: number, status: "V" | "F"): Promise<number> {
  const [join, where] = status === "V" ? ["x.from_pid", "x.to_pid = ?1"] : ["x.to_pid", "x.from_pid = ?1"];
  const row = await db
    .prepare(
      `SELECT count(*) AS n FROM interests x JOIN members m ON m.pid = ${join}
       WHERE ${where} AND x.deleted_at IS NULL AND m.active = 1
         AND NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid)`,
    )
    .bind(pid)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
