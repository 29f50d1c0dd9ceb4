import type { BackoffSchedule } from "../lib/sign-in-backoff.ts";

// Password attempts per account (a Profile ID, known or not, or a staff
// username) and client network, for back-off (ADR 0004, ADR 0024), in one
// table: a row's account is in `pid` or in `username`, never both. The row
// with network '*' counts the account's attempts from every network. Rows
// whose network is `code <id> <network>` count the tries of one of the
// member's one-time codes from one network (worker/db/one-time-codes.ts, ADR 0021).

/** Whose password is tried: a member's Profile ID or a staff username. */
/**
 * A member or a staff account. `whilePasswordHash`: the hash the member's
 * password was just checked against (or written), which they must still
 * have for forgiveness or clearing to count (ADR 0021): a password checked
 * against a hash that a reset replaced meanwhile earns no forgiveness, and a
 * change that lost to a reset clears nothing.
 */
export type SignInAccount = { pid: number; whilePasswordHash?: string } | { username: string };

const ALL_NETWORKS_KEY = "*";

// The column is a constant of this module, never input.
function keyOf(account: SignInAccount): { key: "pid" | "username"; value: number | string } {
  return "pid" in account ? { key: "pid", value: account.pid } : { key: "username", value: account.username };
}

/**
 * The time the next attempt may be counted, after the row's count becomes
 * `failures + 1`: at once while failures are free, then base seconds doubling
 * to the maximum. `now`, `free`, `base` and `max` are the statement's
 * parameters with these numbers.
 */
function retryAtAfter(now: number, free: number, base: number, max: number): string {
  const wait = `CASE WHEN failures + 1 < ?${free} THEN 0 ELSE min(?${max}, ?${base} << min(failures + 1 - ?${free}, 30)) END`;
  return `strftime('%Y-%m-%dT%H:%M:%fZ', ?${now}, '+' || (${wait}) || ' seconds')`;
}

export interface CountedAttempt {
  /** False when the account was backing off, for this network or for all: nothing was counted. */
  counted: boolean;
  /** The account's count over every network, this attempt included. */
  allNetworkFailures: number;
}

/**
 * Counts a password attempt before the password is checked, in one batch
 * (one transaction): for the network, only while neither the network's row
 * nor the all-networks row is backing off; then for all networks, only if
 * the first was counted. Attempts sent at once are counted one after the
 * other, so no more of them are checked than sequential ones would be.
 * The upserts name no conflict target: a row's only unique key is its
 * account's and network (migration 0024).
 */
export async function countAttempt(
  db: D1Database,
  account: SignInAccount,
  network: string,
  schedules: { network: BackoffSchedule; allNetworks: BackoffSchedule },
  now: Date,
): Promise<CountedAttempt> {
  const { key, value } = keyOf(account);
  const at = now.toISOString();
  const [forNetwork, forAll] = await db.batch<{ failures: number }>([
    db
      .prepare(
        `INSERT INTO sign_in_failures (${key}, network, failures, retry_at)
         SELECT ?1, ?2, 1, ?3
         WHERE NOT EXISTS (SELECT 1 FROM sign_in_failures WHERE ${key} = ?1 AND network = ?7 AND retry_at > ?3)
         ON CONFLICT DO UPDATE SET failures = failures + 1, retry_at = ${retryAtAfter(3, 4, 5, 6)}
         WHERE retry_at <= ?3
         RETURNING failures`,
      )
      .bind(value, network, at, schedules.network.free, schedules.network.baseSeconds, schedules.network.maxSeconds, ALL_NETWORKS_KEY),
    db
      .prepare(
        `INSERT INTO sign_in_failures (${key}, network, failures, retry_at)
         SELECT ?1, ?2, 1, ?3 WHERE changes() > 0
         ON CONFLICT DO UPDATE SET failures = failures + 1, retry_at = ${retryAtAfter(3, 4, 5, 6)}
         RETURNING failures`,
      )
      .bind(value, ALL_NETWORKS_KEY, at, schedules.allNetworks.free, schedules.allNetworks.baseSeconds, schedules.allNetworks.maxSeconds),
  ]);
  const counted = (forNetwork?.results.length ?? 0) > 0;
  return { counted, allNetworkFailures: forAll?.results[0]?.failures ?? 0 };
}

/** Seconds until an attempt from this network may be counted again; 0 when it may now. */
export async function secondsToWait(db: D1Database, account: SignInAccount, network: string, now: Date): Promise<number> {
  const { key, value } = keyOf(account);
  const row = await db
    .prepare(`SELECT max(retry_at) AS retry_at FROM sign_in_failures WHERE ${key} = ?1 AND network IN (?2, ?3)`)
    .bind(value, network, ALL_NETWORKS_KEY)
    .first<{ retry_at: string | null }>();
  if (!row?.retry_at) return 0;
  return Math.max(0, Math.ceil((Date.parse(row.retry_at) - now.getTime()) / 1000));
}

/**
 * After a right password from a network: that network's failures were the
 * member's own typing, so they are forgotten there and taken off the
 * all-networks count, while guesses from other networks keep counting
 * towards the ceiling (ADR 0024). Two statements, for a batch, in this order.
 */
export function forgiveNetworkFailures(db: D1Database, account: SignInAccount, network: string): D1PreparedStatement[] {
  const { key, value } = keyOf(account);
  const hash = storedHashOf(account);
  return [
    db
      .prepare(
        `UPDATE sign_in_failures SET failures = max(0, failures - coalesce((SELECT failures FROM sign_in_failures WHERE ${key} = ?1 AND network = ?2), 0))
         WHERE ${key} = ?1 AND network = ?3 AND ${WHILE_STORED_HASH("?4")}`,
      )
      .bind(value, network, ALL_NETWORKS_KEY, hash),
    db.prepare(`DELETE FROM sign_in_failures WHERE ${key} = ?1 AND network = ?2 AND ${WHILE_STORED_HASH("?3")}`).bind(value, network, hash),
  ];
}

/** Forgets the account's attempts from every network (a new password); for a batch. */
export function clearFailures(db: D1Database, account: SignInAccount): D1PreparedStatement {
  const { key, value } = keyOf(account);
  return db.prepare(`DELETE FROM sign_in_failures WHERE ${key} = ?1 AND ${WHILE_STORED_HASH("?2")}`).bind(value, storedHashOf(account));
}

const storedHashOf = (account: SignInAccount): string | null => ("pid" in account ? (account.whilePasswordHash ?? null) : null);

/** True without a hash to check; otherwise the member (?1 is their pid) still has it. */
const WHILE_STORED_HASH = (slot: string) => `(${slot} IS NULL OR EXISTS (SELECT 1 FROM members WHERE pid = ?1 AND password_hash = ${slot}))`;
