// One-time codes (ADR 0021): stored as a keyed hash, used once, with a few
// wrong tries each (CODE_TRIES). A new code closes the member's earlier
// codes of the same purpose, so only the latest one works.

export type CodeReason = "registration" | "staff_reset" | "forgot_password" | "mobile_change" | "delete_profile";

/** Codes that let a member set a password; a new WhatsApp number has codes of its own. */
export const PASSWORD_REASONS: readonly CodeReason[] = ["registration", "staff_reset", "forgot_password"];
export const MOBILE_REASONS: readonly CodeReason[] = ["mobile_change"];

/**
 * Tries of one code: from one client network, so that a stranger who knows
 * only the Profile ID uses up their own tries and not the member's; and from
 * all networks together, so that guessing spread over networks stays at 20
 * in a million (ADR 0021).
 */
export const CODE_TRIES = { perNetwork: 5, allNetworks: 20 } as const;

/** A code to delete a profile (ADR 0034) works for that alone. */
const DELETE_REASONS: readonly CodeReason[] = ["delete_profile"];

function reasonsOf(reason: CodeReason): readonly CodeReason[] {
  if (reason === "delete_profile") return DELETE_REASONS;
  return reason === "mobile_change" ? MOBILE_REASONS : PASSWORD_REASONS;
}

export interface NewCode {
  reason: CodeReason;
  codeHash: string;
  mobile: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Closes the member's open codes of the same purpose: the code issued next is
 * the only one that works. `onlyIfPreviousChanged`: only when the batch's
 * previous statement changed a row (the password was changed).
 */
export function closeOpenCodes(db: D1Database, memberPid: number, reason: CodeReason, now: Date, options: { onlyIfPreviousChanged?: boolean } = {}): D1PreparedStatement {
  const condition = options.onlyIfPreviousChanged ? "changes() > 0 AND " : "";
  return db
    .prepare(`UPDATE one_time_codes SET closed_at = ?3 WHERE ${condition}member_pid = ?1 AND closed_at IS NULL AND reason IN (SELECT value FROM json_each(?2))`)
    .bind(memberPid, JSON.stringify(reasonsOf(reason)), now.toISOString());
}

/** Closes the member's open codes sent to another number than `mobile`: once the number changes, the old phone's codes stop working (ADR 0021). */
export function closeCodesToOtherNumbers(db: D1Database, memberPid: number, mobile: string, now: Date): D1PreparedStatement {
  return db.prepare("UPDATE one_time_codes SET closed_at = ?3 WHERE member_pid = ?1 AND closed_at IS NULL AND mobile <> ?2").bind(memberPid, mobile, now.toISOString());
}

/**
 * SQL: the code (?1 member, ?2 reason, ?4 number) goes where it may: to the
 * number the member has when it is written, or, to confirm a new number, to
 * that one. A number staff replaced after the caller read it would get a code
 * the change did not close (closeCodesToOtherNumbers ran before it), and its
 * holder could set the password (ADR 0022).
 */
const TO_THE_MEMBERS_NUMBER = "(?2 = 'mobile_change' OR EXISTS (SELECT 1 FROM members WHERE pid = ?1 AND mobile = ?4))";

/** Stores a code only while it goes where it may (TO_THE_MEMBERS_NUMBER); the message follows it with onlyIfPreviousChanged. */
export function insertCode(db: D1Database, memberPid: number, code: NewCode): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO one_time_codes (member_pid, reason, code_hash, mobile, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${TO_THE_MEMBERS_NUMBER}`,
    )
    .bind(memberPid, code.reason, code.codeHash, code.mobile, code.createdAt.toISOString(), code.expiresAt.toISOString());
}

/**
 * Which codes to a number count towards the limits of a code for `reason`
 * (?N, its statement's parameter): a code to confirm a new number was asked
 * by whoever typed the number, maybe not its owner, so such codes have a
 * limit of their own and never hold back the codes that let the owner in (ADR 0021).
 */
const countedOnNumber = (reasonParam: number) => `(reason = 'mobile_change') = (?${reasonParam} = 'mobile_change')`;

/**
 * Stores a code only while it goes where it may (TO_THE_MEMBERS_NUMBER) and the member and the number are within the limits
 * (`limits`, CODE_LIMITS of worker/lib/one-time-codes.ts), counted in the
 * same statement: requests sent at once cannot all pass a check read before
 * them. The statements after it in the batch follow only if it wrote.
 */
export function insertCodeWithinLimits(db: D1Database, memberPid: number, code: NewCode, limits: { perHour: number; perDay: number; minIntervalMs: number }): D1PreparedStatement {
  const at = code.createdAt.getTime();
  const since = (ms: number) => new Date(at - ms).toISOString();
  return db
    .prepare(
      `INSERT INTO one_time_codes (member_pid, reason, code_hash, mobile, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6
       WHERE ${TO_THE_MEMBERS_NUMBER}
         AND (SELECT COUNT(*) FROM one_time_codes WHERE member_pid = ?1 AND created_at > ?7) < ?9
         AND (SELECT COUNT(*) FROM one_time_codes WHERE mobile = ?4 AND created_at > ?7 AND ${countedOnNumber(2)}) < ?9
         AND (SELECT COUNT(*) FROM one_time_codes WHERE member_pid = ?1 AND created_at > ?8) < ?10
         AND (SELECT COUNT(*) FROM one_time_codes WHERE mobile = ?4 AND created_at > ?8 AND ${countedOnNumber(2)}) < ?10
         AND NOT EXISTS (SELECT 1 FROM one_time_codes WHERE (member_pid = ?1 OR mobile = ?4) AND reason = ?2 AND created_at > ?11)`,
    )
    .bind(
      memberPid,
      code.reason,
      code.codeHash,
      code.mobile,
      code.createdAt.toISOString(),
      code.expiresAt.toISOString(),
      since(3_600_000),
      since(86_400_000),
      limits.perHour,
      limits.perDay,
      since(limits.minIntervalMs),
    );
}

/** Closes the member's earlier open codes of the purpose of the code `codeHash`, once that code is stored; for a batch after it. */
export function closeCodesBefore(db: D1Database, memberPid: number, reason: CodeReason, codeHash: string, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE one_time_codes SET closed_at = ?3
       WHERE member_pid = ?1 AND closed_at IS NULL AND reason IN (SELECT value FROM json_each(?2))
         AND id < (SELECT MAX(id) FROM one_time_codes WHERE member_pid = ?1 AND code_hash = ?4)`,
    )
    .bind(memberPid, JSON.stringify(reasonsOf(reason)), now.toISOString(), codeHash);
}

/** The code of a member inserted by the previous statement of the same batch (registration). */
export function insertNewMemberCode(db: D1Database, code: NewCode): D1PreparedStatement {
  return db
    .prepare("INSERT INTO one_time_codes (member_pid, reason, code_hash, mobile, created_at, expires_at) VALUES (last_insert_rowid(), ?1, ?2, ?3, ?4, ?5)")
    .bind(code.reason, code.codeHash, code.mobile, code.createdAt.toISOString(), code.expiresAt.toISOString());
}

export interface CodeAttempt {
  id: number;
  codeHash: string;
  mobile: string;
  /** Tries left after this one, for this network and within the tries of all networks. */
  left: number;
}

/** The member's live code of this purpose: the latest one, open and not expired (?1 pid, ?2 now, ?3 reasons). */
const LIVE_CODE = `SELECT id FROM one_time_codes WHERE member_pid = ?1 AND closed_at IS NULL AND expires_at > ?2
                     AND reason IN (SELECT value FROM json_each(?3)) ORDER BY id DESC LIMIT 1`;

/**
 * A code's tries from one network are a row of the sign-in back-off's table
 * (ADR 0024), keyed by the member and `code <id> <network>`: erased, pruned
 * and cleared by a new password with the member's other counts. ?1 pid,
 * ?4 network; `id` is the code's.
 */
const NETWORK_TRIES_KEY = "'code ' || id || ' ' || ?4";

/**
 * Counts one try of the member's live code of this purpose, from this
 * client network, in one batch before the code is compared, so that tries
 * sent at once are all counted. Null when there is no live code, or its
 * tries from this network or from all are used up.
 */
export async function takeCodeAttempt(db: D1Database, memberPid: number, reason: CodeReason, network: string, now: Date): Promise<CodeAttempt | null> {
  const at = now.toISOString();
  const reasons = JSON.stringify(reasonsOf(reason));
  const [code, tries] = await db.batch([
    db
      .prepare(
        `UPDATE one_time_codes SET attempts = attempts + 1
         WHERE id = (${LIVE_CODE}) AND attempts < ?5
           AND coalesce((SELECT failures FROM sign_in_failures WHERE pid = ?1 AND network = ${NETWORK_TRIES_KEY}), 0) < ?6
         RETURNING id, code_hash, mobile, attempts`,
      )
      .bind(memberPid, at, reasons, network, CODE_TRIES.allNetworks, CODE_TRIES.perNetwork),
    db
      .prepare(
        `INSERT INTO sign_in_failures (pid, network, failures, retry_at)
         SELECT ?1, ${NETWORK_TRIES_KEY}, 1, ?2 FROM one_time_codes WHERE changes() > 0 AND id = (${LIVE_CODE})
         ON CONFLICT DO UPDATE SET failures = failures + 1, retry_at = excluded.retry_at
         RETURNING failures`,
      )
      .bind(memberPid, at, reasons, network),
  ]);
  const row = code?.results[0] as { id: number; code_hash: string; mobile: string; attempts: number } | undefined;
  const fromNetwork = (tries?.results[0] as { failures: number } | undefined)?.failures;
  if (!row || fromNetwork === undefined) return null;
  const left = Math.min(CODE_TRIES.perNetwork - fromNetwork, CODE_TRIES.allNetworks - row.attempts);
  return { id: row.id, codeHash: row.code_hash, mobile: row.mobile, left };
}

/** Why no try could be counted: the live code's tries are used up, from this network or from all, or there is no live code. */
export async function whyNoAttempt(db: D1Database, memberPid: number, reason: CodeReason, network: string, now: Date): Promise<"tries_used" | "no_code"> {
  const row = await db
    .prepare(
      `SELECT attempts >= ?5 OR coalesce((SELECT failures FROM sign_in_failures WHERE pid = ?1 AND network = ${NETWORK_TRIES_KEY}), 0) >= ?6 AS used
       FROM one_time_codes WHERE id = (${LIVE_CODE})`,
    )
    .bind(memberPid, now.toISOString(), JSON.stringify(reasonsOf(reason)), network, CODE_TRIES.allNetworks, CODE_TRIES.perNetwork)
    .first<{ used: number }>();
  return row?.used ? "tries_used" : "no_code";
}

/** Uses the code: one statement, so of two right answers sent at once only one wins (`meta.changes` is 1). */
export async function closeCode(db: D1Database, id: number, now: Date): Promise<boolean> {
  const result = await db.prepare("UPDATE one_time_codes SET closed_at = ?2 WHERE id = ?1 AND closed_at IS NULL").bind(id, now.toISOString()).run();
  return result.meta.changes === 1;
}

export interface RecentCodes {
  /** Codes sent in the last hour to the member or to the number, whichever had more. */
  lastHour: number;
  /** The same over the last day. */
  lastDay: number;
  /** When the latest code for the same reason went to either. */
  latestAt: string | null;
}

/** What the limits on sending codes count: codes sent to this member, or to this number (countedOnNumber). */
export async function recentCodes(db: D1Database, memberPid: number, mobile: string, reason: CodeReason, now: Date): Promise<RecentCodes> {
  const row = await db
    .prepare(
      `SELECT MAX((SELECT COUNT(*) FROM one_time_codes WHERE member_pid = ?1 AND created_at > ?3),
                  (SELECT COUNT(*) FROM one_time_codes WHERE mobile = ?2 AND created_at > ?3 AND ${countedOnNumber(5)})) AS last_hour,
              MAX((SELECT COUNT(*) FROM one_time_codes WHERE member_pid = ?1 AND created_at > ?4),
                  (SELECT COUNT(*) FROM one_time_codes WHERE mobile = ?2 AND created_at > ?4 AND ${countedOnNumber(5)})) AS last_day,
              (SELECT MAX(created_at) FROM one_time_codes WHERE (member_pid = ?1 OR mobile = ?2) AND reason = ?5) AS latest_at`,
    )
    .bind(memberPid, mobile, new Date(now.getTime() - 3_600_000).toISOString(), new Date(now.getTime() - 86_400_000).toISOString(), reason)
    .first<{ last_hour: number; last_day: number; latest_at: string | null }>();
  return { lastHour: row?.last_hour ?? 0, lastDay: row?.last_day ?? 0, latestAt: row?.latest_at ?? null };
}

/** The member's open code for a new WhatsApp number: the number waiting to be confirmed. */
export async function pendingMobileChange(db: D1Database, memberPid: number, now: Date): Promise<{ mobile: string; expiresAt: string } | null> {
  const row = await db
    .prepare(
      `SELECT mobile, expires_at FROM one_time_codes
       WHERE member_pid = ?1 AND reason = 'mobile_change' AND closed_at IS NULL AND expires_at > ?2 ORDER BY id DESC LIMIT 1`,
    )
    .bind(memberPid, now.toISOString())
    .first<{ mobile: string; expires_at: string }>();
  return row ? { mobile: row.mobile, expiresAt: row.expires_at } : null;
}
