import { todayIn } from "#shared/dates.ts";
import { dataErasureNoticeMessage } from "#shared/whatsapp-messages.ts";
import { markNoticeSent, unusedMembers } from "../db/erasure.ts";
import { enqueueMessage } from "../db/outbox.ts";
import { config } from "../env.ts";
import { ERASURE_NOTICE_MS } from "./erasure.ts";

// Retention (ADR 0034; DPDP Rules 2025, Rule 8): a profile neither signed
// into nor under a membership for RETENTION_YEARS has served its purpose.
// Its member is told on WhatsApp 48 hours before the period ends; signing in
// meanwhile keeps the profile (the trigger members_signed_in, migration
// 0022), and so does a membership sold meanwhile (setMembership, and
// cancelKeptErasures in the cron); otherwise the cron erases it
// (worker/lib/erasure.ts).

/** Notices queued per cron run; the next run takes the rest. */
export const NOTICES_PER_RUN = 20;

function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

/** "26-11-2029 10:30" in the agency's time zone: when the member must sign in by. */
function displayDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}-${part("month")}-${part("year")} ${part("hour")}:${part("minute")}`;
}

/**
 * Queues the retention notice of up to NOTICES_PER_RUN members whose
 * retention period ends within 48 hours, each with its erasure 48 hours
 * from now. Returns how many were told.
 */
export async function sendRetentionNotices(env: Env, now: Date): Promise<number> {
  const cfg = config(env);
  const periodStart = yearsBefore(now, cfg.retentionYears);
  const unusedSince = new Date(periodStart.getTime() + ERASURE_NOTICE_MS);
  const membershipEndedBefore = todayIn(cfg.agencyTimeZone, periodStart);
  const members = await unusedMembers(env.DB, unusedSince, membershipEndedBefore, NOTICES_PER_RUN);
  if (members.length === 0) return 0;
  const eraseAfter = new Date(now.getTime() + ERASURE_NOTICE_MS);
  const erasedAt = displayDateTime(eraseAfter, cfg.agencyTimeZone);
  const results = await env.DB.batch(
    members.flatMap((member) => {
      const text = dataErasureNoticeMessage(member.language, { agency: cfg.agencyName, pid: member.pid, years: cfg.retentionYears, erasedAt, origin: cfg.siteUrl });
      return [
        markNoticeSent(env.DB, member.pid, { since: unusedSince, membershipEndedBefore }, now, eraseAfter),
        enqueueMessage(
          env.DB,
          { memberPid: member.pid, toMobile: member.mobile, kind: "data_erasure_notice", language: member.language, ...text },
          { onlyIfPreviousChanged: true },
        ),
      ];
    }),
  );
  return results.filter((result, index) => index % 2 === 0 && result.results.length > 0).length;
}
