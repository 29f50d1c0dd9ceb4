import type { MessageLanguage } from "#shared/whatsapp-messages.ts";
import { limitClause } from "./limit-clause.ts";

// Deleting a profile and erasing a member (ADR 0034). Deletion hides the
// profile at once: active = 0 takes it out of every search, list, count and
// link page through the conditions they already have (and their indexes),
// deleted_at tells the lists to say "Profile removed" and sign-in to say why.
// Erasure, by the cron, removes or reduces every row worker/db/member-data-map.ts
// names, in one batch per member.

/** Audit actions whose target is a number that is not a Profile ID (an outbox message, a template). */
const NOT_MEMBER_TARGETS = ["retry_message", "sent_by_hand", "open_code_message", "delete_template", "update_template"];

/** What a cancelled message says in the console. */
const CANCELLED = "Not sent: the profile was deleted.";

/**
 * Marks the profile deleted and hidden, to be erased at `eraseAfter`; returns
 * a row only when it was not deleted already, and, with `whilePasswordHash`,
 * only while the member still has the password hash just checked (a reset
 * meanwhile makes it the old password, ADR 0021). The statements of
 * deletionStatements follow it in the same batch.
 */
export function markDeleted(db: D1Database, pid: number, now: Date, eraseAfter: Date, whilePasswordHash: string | null = null): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE members SET active = 0, deleted_at = ?2, erase_after = ?3, erasure_notice_at = NULL
       WHERE pid = ?1 AND deleted_at IS NULL AND (?4 IS NULL OR password_hash = ?4) RETURNING erase_after`,
    )
    .bind(pid, now.toISOString(), eraseAfter.toISOString(), whilePasswordHash);
}

/**
 * For the statements after markDeleted in its batch, whose ?1 is the pid and
 * ?2 the deletion's time: true only once markDeleted deleted the profile, so
 * a deletion that did not happen ends, closes and cancels nothing.
 */
export const DELETED_IN_THIS_BATCH = "EXISTS (SELECT 1 FROM members WHERE pid = ?1 AND deleted_at = ?2)";

/**
 * What a deletion ends at once, for the batch after markDeleted: the member's
 * links and the links that open their profile, their codes, and the messages
 * to them or about them (an interest alert names the sender's Profile ID as
 * its second parameter) that could still go: waiting or failed ones are
 * cancelled, and expire now, so that staff can neither retry nor send them
 * by hand; sent ones lose their parameters, so that a late receipt of a
 * closed window (131047) does not send them again as the template (ADR
 * 0020). Sessions end with endMemberSessions (worker/db/sessions.ts).
 */
export function deletionStatements(db: D1Database, pid: number, now: Date): D1PreparedStatement[] {
  const at = now.toISOString();
  const toOrAbout = "(member_pid = ?1 OR (kind IN ('interest_received', 'interest_approved') AND params ->> '$.body[1]' = ?3))";
  return [
    db.prepare(`UPDATE link_tokens SET revoked_at = ?2 WHERE (member_pid = ?1 OR target_pid = ?1) AND revoked_at IS NULL AND ${DELETED_IN_THIS_BATCH}`).bind(pid, at),
    db.prepare(`UPDATE one_time_codes SET closed_at = ?2 WHERE member_pid = ?1 AND closed_at IS NULL AND ${DELETED_IN_THIS_BATCH}`).bind(pid, at),
    db
      .prepare(
        `UPDATE outbox SET status = 'failed', failed_at = COALESCE(failed_at, ?2), expires_at = ?2, params = NULL, last_error = ?4
         WHERE status IN ('pending', 'failed') AND ${toOrAbout} AND ${DELETED_IN_THIS_BATCH}`,
      )
      .bind(pid, at, String(pid), CANCELLED),
    db.prepare(`UPDATE outbox SET params = NULL WHERE status = 'sent' AND params IS NOT NULL AND ${toOrAbout} AND ${DELETED_IN_THIS_BATCH}`).bind(pid, at, String(pid)),
  ];
}

/** A member whose erasure is due, with what leads to their data outside the rows that name their pid. */
export interface DueErasure {
  pid: number;
  mobiles: string[];
  photoKey: string | null;
  photoBlurKey: string | null;
}

/** A paid membership that runs to the agency's ISO date in `today` (an SQL parameter) or later: the member uses the profile. */
const membershipRuns = (today: string) => `(profile_type <> 'FREE' AND coalesce(last_view_date, '') >= ${today})`;

/**
 * Cancels the retention erasures of members whose paid membership runs to
 * `today` or later, as a sign-in does (trigger members_signed_in): a
 * membership sold since the notice. A sale cancels it in the same statement
 * (setMembership, worker/db/admin-members.ts); this catches a notice that
 * crossed a sale, and erasures announced before sales did. Deleted profiles
 * are erased whatever they paid. Reads only the erasures due (the partial
 * index), not the members.
 */
export function cancelKeptErasures(db: D1Database, today: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE members INDEXED BY members_erase_due SET erase_after = NULL, erasure_notice_at = NULL
       WHERE erase_after IS NOT NULL AND deleted_at IS NULL AND ${membershipRuns("?1")}`,
    )
    .bind(today);
}

/** When the cron asks who is due: the instant, the agency's ISO date, and how long before it a retention notice must have gone out. */
export interface ErasureClock {
  now: Date;
  today: string;
  noticeMs: number;
}

/**
 * Whether the member `m` is due for erasure at the instant in `now`, on the
 * agency's ISO date in `today`, with a retention notice gone out by
 * `noticeBefore` (all three SQL parameters); see dueErasures. The cron's
 * pick, its fresh read before the photos go, and the erasure batch itself
 * all ask this (ADR 0034).
 */
const due = (now: string, today: string, noticeBefore: string) =>
  `m.erase_after IS NOT NULL AND m.erase_after <= ${now}
   AND (m.deleted_at IS NOT NULL OR (NOT ${membershipRuns(today)} AND EXISTS (
     SELECT 1 FROM outbox o WHERE o.id = (SELECT max(id) FROM outbox WHERE member_pid = m.pid AND kind = 'data_erasure_notice')
       AND o.sent_at <= ${noticeBefore})))`;

/** The values of due's three parameters, in its order. */
const dueParams = (clock: ErasureClock) => [clock.now.toISOString(), clock.today, new Date(clock.now.getTime() - clock.noticeMs).toISOString()] as const;

/**
 * Up to `limit` members whose erasure is due, the longest due first. A
 * deleted profile is due at its erase_after. A profile unused for the
 * retention period is due once its notice went out at least `noticeMs` ago:
 * the member must have been told 48 hours before (DPDP Rules 2025, Rule
 * 8(2)), so a notice still waiting for staff, or one that failed (131026,
 * not on WhatsApp: staff are asked to send it by hand), holds the erasure
 * back until it is sent (sent_at, also when staff mark it sent by hand);
 * never while a paid membership runs to `today` (the agency's ISO date) or
 * later.
 */
export async function dueErasures(db: D1Database, clock: ErasureClock, limit: number): Promise<DueErasure[]> {
  const { results } = await db
    .prepare(
      `SELECT m.pid, m.mobile, m.alternate_mobile, m.photo_key, m.photo_blur_key FROM members m INDEXED BY members_erase_due
       WHERE ${due("?1", "?2", "?3")}
       ORDER BY m.erase_after ${limitClause(limit)}`,
    )
    .bind(...dueParams(clock))
    .all<{ pid: number; mobile: string; alternate_mobile: string | null; photo_key: string | null; photo_blur_key: string | null }>();
  return results.map((row) => ({
    pid: row.pid,
    mobiles: [row.mobile, row.alternate_mobile].filter((mobile): mobile is string => Boolean(mobile)),
    photoKey: row.photo_key,
    photoBlurKey: row.photo_blur_key,
  }));
}

/**
 * Whether `pid`'s erasure is still due, read afresh: a sign-in or a sale
 * since dueErasures picked them keeps them, and their photos with them.
 */
export async function erasureStillDue(db: D1Database, pid: number, clock: ErasureClock): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS due FROM members m WHERE m.pid = ?1 AND ${due("?2", "?3", "?4")}`)
    .bind(pid, ...dueParams(clock))
    .first();
  return row !== null;
}

/**
 * For the statements after the tombstone in the erasure batch, whose ?1 is
 * the pid and ?2 the erasure's time: true only once the tombstone was
 * written in this batch, which it is only while the member is still due.
 */
const ERASED_IN_THIS_BATCH = "EXISTS (SELECT 1 FROM erased_members WHERE pid = ?1 AND erased_at = ?2)";

/**
 * The erasure of one member, as one batch, done only while the member is
 * still due (due): a sign-in or a sale that lands after the cron picked
 * them, even after their photos went, keeps the profile (ADR 0034). The
 * tombstone is written first, and only then; every other statement acts
 * only once it was (ERASED_IN_THIS_BATCH). What the foreign keys do not
 * reach is deleted or reduced next (their messages, and those to or from
 * their numbers that name no member; WhatsApp receipts and inbound
 * messages, sign-in back-off, the audit log, link analytics, data
 * requests), then the member's row is deleted, which deletes (ON DELETE
 * CASCADE) their siblings, interests, views, recommendations, hidden
 * profiles, places on public lists, sessions, links, codes and consents,
 * both ways. A member kept so has lost the photos deleted before the batch:
 * its last statement clears their keys, so the profile shows no photo rather
 * than a broken one. Running it twice changes nothing.
 */
export function erasureStatements(db: D1Database, member: DueErasure, clock: ErasureClock): D1PreparedStatement[] {
  const { pid } = member;
  const at = clock.now.toISOString();
  const mobiles = JSON.stringify(member.mobiles);
  const digits = JSON.stringify(member.mobiles.map((mobile) => mobile.replace(/^\+/, "")));
  // A number leads only to rows that name no member: alternate numbers are
  // not unique, and a number passes from one member to another, so a row
  // naming another member is theirs, whatever number it went to or came from.
  const theirMessages = "(member_pid = ?1 OR (member_pid IS NULL AND to_mobile IN (SELECT value FROM json_each(?3))))";
  return [
    // An erasure again of a Profile ID with a tombstone (a D1 restore, ADR 0034) dates it anew.
    db
      .prepare(
        `INSERT INTO erased_members (pid, registered_at, deleted_at, erased_at)
         SELECT m.pid, m.created_at, m.deleted_at, ?2 FROM members m WHERE m.pid = ?1 AND ${due("?2", "?3", "?4")}
         ON CONFLICT (pid) DO UPDATE SET erased_at = excluded.erased_at`,
      )
      .bind(pid, ...dueParams(clock)),
    db
      .prepare(
        `DELETE FROM whatsapp_statuses WHERE wamid IN (
           SELECT provider_message_id FROM outbox WHERE ${theirMessages} AND provider_message_id IS NOT NULL
           UNION ALL SELECT earlier.value FROM outbox, json_each(outbox.earlier_wamids) AS earlier WHERE ${theirMessages} AND earlier_wamids IS NOT NULL)
         AND ${ERASED_IN_THIS_BATCH}`,
      )
      .bind(pid, at, mobiles),
    db.prepare(`DELETE FROM outbox WHERE ${theirMessages} AND ${ERASED_IN_THIS_BATCH}`).bind(pid, at, mobiles),
    db
      .prepare(`DELETE FROM whatsapp_inbound WHERE (member_pid = ?1 OR (member_pid IS NULL AND from_digits IN (SELECT value FROM json_each(?3)))) AND ${ERASED_IN_THIS_BATCH}`)
      .bind(pid, at, digits),
    db.prepare(`DELETE FROM sign_in_failures WHERE pid = ?1 AND ${ERASED_IN_THIS_BATCH}`).bind(pid, at),
    db.prepare(`UPDATE link_events SET pid = NULL WHERE pid = ?1 AND ${ERASED_IN_THIS_BATCH}`).bind(pid, at),
    // A membership's tier, views and valid-until date are the record of what was sold; nothing else about the member stays.
    db
      .prepare(
        `UPDATE audit_log SET reduced_at = ?2,
           before_json = CASE WHEN action = 'membership' THEN before_json END,
           after_json = CASE WHEN action = 'membership' THEN after_json END
         WHERE target = ?3 AND reduced_at IS NULL AND action NOT IN (SELECT value FROM json_each(?4)) AND ${ERASED_IN_THIS_BATCH}`,
      )
      .bind(pid, at, String(pid), JSON.stringify(NOT_MEMBER_TARGETS)),
    db.prepare(`UPDATE data_requests SET details = '', pid = NULL WHERE pid = ?1 AND ${ERASED_IN_THIS_BATCH}`).bind(pid, at),
    db.prepare(`DELETE FROM members WHERE pid = ?1 AND ${ERASED_IN_THIS_BATCH}`).bind(pid, at),
    db
      .prepare(`UPDATE members SET photo_key = NULL, photo_blur_key = NULL WHERE pid = ?1 AND photo_key IS ?3 AND photo_blur_key IS ?4 AND NOT ${ERASED_IN_THIS_BATCH}`)
      .bind(pid, at, member.photoKey, member.photoBlurKey),
  ];
}

/** A member unused for the retention period, to be told before erasure. */
export interface UnusedMember {
  pid: number;
  mobile: string;
  language: MessageLanguage;
}

/**
 * Not deleted, not told yet, neither signed in nor registered since the
 * instant in `since`, and any membership ended before the ISO date in
 * `endedBefore` (both SQL parameters): unusedMembers picks on it and
 * markNoticeSent checks it again.
 */
const UNUSED = (since: string, endedBefore: string) =>
  `deleted_at IS NULL AND erasure_notice_at IS NULL AND coalesce(last_sign_in_at, created_at) <= ${since}
   AND (last_view_date IS NULL OR last_view_date < ${endedBefore})`;

/**
 * Up to `limit` members neither signed in nor registered since `unusedSince`
 * whose membership (if any) ended before `membershipEndedBefore` (an ISO
 * date), and who were not told yet.
 */
export async function unusedMembers(db: D1Database, unusedSince: Date, membershipEndedBefore: string, limit: number): Promise<UnusedMember[]> {
  const { results } = await db
    .prepare(
      `SELECT pid, mobile, language FROM members INDEXED BY members_unused_since
       WHERE ${UNUSED("?1", "?2")}
       ORDER BY coalesce(last_sign_in_at, created_at) ${limitClause(limit)}`,
    )
    .bind(unusedSince.toISOString(), membershipEndedBefore)
    .all<UnusedMember>();
  return results;
}

/**
 * Records the retention notice of an unused member and when they are to be
 * erased; returns a row only when they are still unused as unusedMembers
 * read them (a sign-in or a membership sold meanwhile makes them used
 * again). The notice follows with onlyIfPreviousChanged.
 */
export function markNoticeSent(db: D1Database, pid: number, unused: { since: Date; membershipEndedBefore: string }, now: Date, eraseAfter: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE members SET erasure_notice_at = ?3, erase_after = ?4
       WHERE pid = ?1 AND ${UNUSED("?2", "?5")}
       RETURNING pid`,
    )
    .bind(pid, unused.since.toISOString(), now.toISOString(), eraseAfter.toISOString(), unused.membershipEndedBefore);
}

/** Whether `pid` is a deleted profile awaiting erasure, and when it is erased. */
export async function deletedProfile(db: D1Database, pid: number): Promise<{ deletedAt: string; eraseAfter: string } | null> {
  const row = await db
    .prepare("SELECT deleted_at, erase_after FROM members WHERE pid = ?1 AND deleted_at IS NOT NULL")
    .bind(pid)
    .first<{ deleted_at: string; erase_after: string }>();
  return row ? { deletedAt: row.deleted_at, eraseAfter: row.erase_after } : null;
}
