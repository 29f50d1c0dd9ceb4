import { LISTED_OR_DELETED } from "./profiles.ts";
import { limitClause } from "./limit-clause.ts";

// The interest lifecycle (ADR 0012): A asks B (pending), B
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

/** The moment `modifier` away from now, as interested_at is written ('-1 day'). */
const ago = (modifier: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '${modifier}')`;

/** The member's own requests of the last 24 hours, except the one to `?2` (opening it again adds none). */
const SENT_TODAY = `SELECT count(*) FROM interests WHERE from_pid = ?1 AND to_pid <> ?2 AND by_agency = 0 AND interested_at > ${ago("-1 day")}`;

/**
 * Opens a request: a new one, or again after a withdrawal. Returns a row only
 * when it did; a pending, approved or denied request stays as it is. With a
 * `dailyCap`, a member who opened that many other requests in the last 24
 * hours opens none (ADR 0025): one statement, so requests sent at once cannot
 * pass the cap together, and none reaches a profile deleted or deactivated
 * since it was checked (ADR 0034). The agency's requests (`byAgency`) have
 * no cap and are not counted.
 */
export function openInterest(db: D1Database, request: { fromPid: number; toPid: number; byAgency: boolean; dailyCap: number | null }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO interests (from_pid, to_pid, by_agency)
       SELECT ?1, ?2, ?3 WHERE (?4 IS NULL OR (${SENT_TODAY}) < ?4) AND EXISTS (SELECT 1 FROM members WHERE pid = ?2 AND active = 1)
       ON CONFLICT (from_pid, to_pid) DO UPDATE SET interested_at = ${now}, approved_at = NULL, denied_at = NULL, deleted_at = NULL,
         by_agency = excluded.by_agency
         WHERE interests.deleted_at IS NOT NULL
       RETURNING id`,
    )
    .bind(request.fromPid, request.toPid, request.byAgency ? 1 : 0, request.dailyCap);
}

/**
 * In a batch, right after the request opened: marks the owner as told now,
 * unless they were told of this request in the last `days` days (it was
 * withdrawn and sent again) or have removed the sender from their lists
 * (ADR 0025). Returns a row only when the owner is to be told; the message
 * and its link follow with `onlyIfPreviousChanged`. Reads changes(): nothing
 * when the previous statement opened nothing.
 */
export function claimInterestNotice(db: D1Database, fromPid: number, toPid: number, days: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE interests SET notified_at = ${now}
       WHERE from_pid = ?1 AND to_pid = ?2 AND changes() > 0
         AND (notified_at IS NULL OR notified_at <= ${ago(`-${days} days`)})
         AND NOT EXISTS (SELECT 1 FROM hidden_profiles WHERE member_pid = ?2 AND hidden_pid = ?1)
       RETURNING id`,
    )
    .bind(fromPid, toPid);
}

/**
 * Seconds until a member who reached `dailyCap` may open another request
 * than the one to `toPid`: until the cap-th newest of their last 24 hours is
 * a day old. Null when they are under the cap.
 */
export async function secondsUntilAnotherInterest(db: D1Database, fromPid: number, toPid: number, dailyCap: number): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT CAST(round((julianday(interested_at) + 1 - julianday('now')) * 86400) AS INTEGER) AS seconds
       FROM interests WHERE from_pid = ?1 AND to_pid <> ?2 AND by_agency = 0 AND interested_at > ${ago("-1 day")}
       ORDER BY interested_at DESC ${limitClause(1, dailyCap - 1)}`,
    )
    .bind(fromPid, toPid)
    .first<{ seconds: number }>();
  return row ? Math.max(1, row.seconds) : null;
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

/** "Not interested" on a recommendation; false when it was not recommended or already dismissed. */
export async function dismissRecommendation(db: D1Database, memberPid: number, pid: number): Promise<boolean> {
  const row = await db
    .prepare(`UPDATE recommendations SET dismissed_at = ${now} WHERE member_pid = ?1 AND recommended_pid = ?2 AND dismissed_at IS NULL RETURNING member_pid`)
    .bind(memberPid, pid)
    .first();
  return row !== null;
}

/** Size of a member's V or F list, deleted profiles included (interestList), for its page count (one member's rows, read through an index). */
export async function countInterestList(db: D1Database, pid: number, status: "V" | "F"): Promise<number> {
  const [join, where] = status === "V" ? ["x.from_pid", "x.to_pid = ?1"] : ["x.to_pid", "x.from_pid = ?1"];
  const row = await db
    .prepare(
      `SELECT count(*) AS n FROM interests x JOIN members m ON m.pid = ${join}
       WHERE ${where} AND x.deleted_at IS NULL AND ${LISTED_OR_DELETED}
         AND NOT EXISTS (SELECT 1 FROM hidden_profiles hp WHERE hp.member_pid = ?1 AND hp.hidden_pid = m.pid)`,
    )
    .bind(pid)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
