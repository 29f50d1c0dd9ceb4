import { toStoredDisplayDate, todayIn } from "#shared/dates.ts";
import { cancelKeptErasures, deletedProfile, deletionStatements, dueErasures, erasureStatements, erasureStillDue, markDeleted } from "../db/erasure.ts";
import { endMemberSessions } from "../db/sessions.ts";
import { config, type AppContext } from "../env.ts";
import { ApiError } from "./errors.ts";
import { photoObjects } from "./photo-upload.ts";

// Deleting a profile and erasing it (ADR 0034; DPDP Act 2023, section
// 8(7); DPDP Rules 2025, Rule 8). Deletion is one batch that hides the
// profile everywhere at once; erasure comes ERASURE_AFTER_DAYS later, from
// the cron, a few members a run.

const DAY_MS = 86_400_000;
/** How long before erasure an unused profile's member is told (DPDP Rules 2025, Rule 8(2)). */
export const ERASURE_NOTICE_MS = 48 * 3_600_000;
/** Members erased per cron run: each is an R2 call and a D1 batch, so a run stays well inside the Worker's limits. */
export const ERASURES_PER_RUN = 10;

export interface Deletion {
  /** The day the data is erased, in the agency's time zone (yyyy-mm-dd). */
  erasedOn: string;
}

/** When a profile deleted `now` is erased: ERASURE_AFTER_DAYS later. */
export function erasureTime(env: Env, now: Date): Deletion & { eraseAfter: Date } {
  const cfg = config(env);
  const eraseAfter = new Date(now.getTime() + cfg.erasureAfterDays * DAY_MS);
  return { eraseAfter, erasedOn: todayIn(cfg.agencyTimeZone, eraseAfter) };
}

/**
 * Deletes a profile: hidden from every list, search and link page, signed
 * out everywhere, its links and codes closed and its pending messages
 * cancelled, in one batch. `audit` (staff's audit entry, with
 * onlyIfPreviousChanged) is written only with the deletion, `more` (closing
 * a data request) in its batch. `whilePasswordHash`: the hash the member's password
 * was checked against, which they must still have. Null when the profile was
 * already deleted, or the password was reset meanwhile.
 */
export async function deleteProfile(
  env: Env,
  pid: number,
  now: Date,
  options: { audit?: D1PreparedStatement; more?: D1PreparedStatement[]; whilePasswordHash?: string } = {},
): Promise<Deletion | null> {
  const { eraseAfter, erasedOn } = erasureTime(env, now);
  const [marked] = await env.DB.batch([
    markDeleted(env.DB, pid, now, eraseAfter, options.whilePasswordHash),
    ...(options.audit ? [options.audit] : []),
    endMemberSessions(env.DB, pid, now, { onlyIfDeletedNow: true }),
    ...deletionStatements(env.DB, pid, now),
    ...(options.more ?? []),
  ]);
  if (!marked?.results.length) return null;
  return { erasedOn };
}

/** Staff may not bring back a profile its member deleted (ADR 0034): 409, saying when it is erased. */
export async function refuseDeletedProfile(c: AppContext, pid: number): Promise<void> {
  const deleted = await deletedProfile(c.env.DB, pid);
  if (!deleted) return;
  const on = toStoredDisplayDate(todayIn(config(c.env).agencyTimeZone, new Date(deleted.eraseAfter)));
  throw new ApiError(409, "CONFLICT", `Profile ID ${pid} was deleted at the member's request and is erased on ${on}. It cannot be changed; the member may register again.`);
}

/**
 * Erases the members whose erasure is due, at most ERASURES_PER_RUN, after
 * cancelling the retention erasures a membership now keeps off: the
 * photos first (deleting an absent object is no error, so a run that fails
 * after them is simply done again by the next), then every row in one batch.
 * A sign-in or a sale since the pick keeps the member (ADR 0034): whether
 * they are still due is read again just before their photos go, and the
 * batch erases nothing unless they still are then. One member's failure is
 * logged and leaves the others to go on. `profilesChanged` runs once after
 * them when a profile went, or lost its photo: a retention erasure takes a
 * profile that was still shown (on a public list, ADR 0029) off.
 */
export async function eraseDueMembers(env: Env, now: Date, options: { profilesChanged?: () => Promise<void> } = {}): Promise<{ erased: number; failed: number }> {
  const clock = { now, today: todayIn(config(env).agencyTimeZone, now), noticeMs: ERASURE_NOTICE_MS };
  // A member told of a retention erasure who has since bought a membership keeps the profile (ADR 0034).
  await cancelKeptErasures(env.DB, clock.today).run();
  const due = await dueErasures(env.DB, clock, ERASURES_PER_RUN);
  let erased = 0;
  let failed = 0;
  let changed = false;
  for (const member of due) {
    try {
      if (!(await erasureStillDue(env.DB, member.pid, clock))) continue;
      changed = true;
      const objects = photoObjects(member);
      if (objects.length > 0) await env.PHOTOS.delete(objects);
      const [tombstone] = await env.DB.batch(erasureStatements(env.DB, member, clock));
      if (tombstone?.meta.changes) erased++;
      // Kept in the moment of the photos' deletion: the profile stays, without its photo.
      else console.log(JSON.stringify({ kind: "erasure_kept_without_photo", pid: member.pid }));
    } catch (error) {
      failed++;
      console.error(JSON.stringify({ kind: "erasure_failed", pid: member.pid, message: String(error) }));
    }
  }
  if (changed) await options.profilesChanged?.();
  return { erased, failed };
}
