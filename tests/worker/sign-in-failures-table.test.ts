import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countAttempt } from "#worker/db/sign-in-failures.ts";
import { ALL_NETWORKS, PER_NETWORK } from "#worker/lib/sign-in-backoff.ts";

// Members' and staff's back-off rows share one table (ADR 0004): an account
// is a pid or a username, the statements on it read an index, and migration
// 0023 kept every row of the two tables it replaced.

const NOW = new Date("2026-11-21T10:00:00.000Z");
const SCHEDULES = { network: PER_NETWORK, allNetworks: ALL_NETWORKS };

async function plan(sql: string): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>();
  return results.map((row) => row.detail).join("\n");
}

describe("the sign-in failures table", () => {
  it("holds a Profile ID or a username in a row, never both and never neither", async () => {
    const insert = (pid: number | null, username: string | null) =>
      env.DB.prepare("INSERT INTO sign_in_failures (pid, username, network, failures, retry_at) VALUES (?1, ?2, '*', 1, ?3)").bind(pid, username, NOW.toISOString()).run();
    await expect(insert(990_001, "desk")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert(null, null)).rejects.toThrow(/CHECK constraint failed/);
  });

  it("counts a Profile ID and a username that read alike apart", async () => {
    await countAttempt(env.DB, { pid: 990_002 }, "192.0.2.7", SCHEDULES, NOW);
    expect(await countAttempt(env.DB, { username: "990002" }, "192.0.2.7", SCHEDULES, NOW)).toEqual({ counted: true, allNetworkFailures: 1 });
    const rows = await env.DB.prepare("SELECT pid, username, network, failures FROM sign_in_failures WHERE pid = 990002 OR username = '990002' ORDER BY pid, network").all();
    expect(rows.results).toEqual([
      { pid: null, username: "990002", network: "*", failures: 1 },
      { pid: null, username: "990002", network: "192.0.2.7", failures: 1 },
      { pid: 990_002, username: null, network: "*", failures: 1 },
      { pid: 990_002, username: null, network: "192.0.2.7", failures: 1 },
    ]);
  });

  it("reads an index for an account's rows, for erasure and for the cron's prune", async () => {
    expect(await plan("SELECT max(retry_at) FROM sign_in_failures WHERE pid = 7 AND network IN ('192.0.2.7', '*')")).toMatch(
      /SEARCH sign_in_failures USING INDEX sign_in_failures_by_pid \(pid=\? AND network=\?\)/,
    );
    expect(await plan("SELECT max(retry_at) FROM sign_in_failures WHERE username = 'desk' AND network IN ('192.0.2.7', '*')")).toMatch(
      /SEARCH sign_in_failures USING INDEX sign_in_failures_by_username \(username=\? AND network=\?\)/,
    );
    expect(await plan("DELETE FROM sign_in_failures WHERE pid = 7")).toMatch(/SEARCH sign_in_failures USING (COVERING )?INDEX sign_in_failures_by_pid \(pid=\?\)/);
    expect(await plan("DELETE FROM sign_in_failures WHERE retry_at < '2026-10-22T10:00:00.000Z'")).toMatch(
      /SEARCH sign_in_failures USING (COVERING )?INDEX sign_in_failures_by_retry \(retry_at<\?\)/,
    );
  });
});

describe("migration 0023", () => {
  // Last in the file: it puts back the two tables as migrations 0015 and 0021 left them, then runs again.
  it("keeps every row of the members' and the staff's tables, with its counts and times", async () => {
    const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith("0023"));
    expect(migration?.queries.length).toBeGreaterThan(0);
    await env.DB.batch(
      [
        "DROP TABLE sign_in_failures",
        "CREATE TABLE sign_in_failures (pid INTEGER NOT NULL, network TEXT NOT NULL, failures INTEGER NOT NULL, retry_at TEXT NOT NULL, PRIMARY KEY (pid, network)) WITHOUT ROWID",
        "CREATE TABLE staff_sign_in_failures (username TEXT NOT NULL COLLATE NOCASE, network TEXT NOT NULL, failures INTEGER NOT NULL, retry_at TEXT NOT NULL, PRIMARY KEY (username, network)) WITHOUT ROWID",
        "CREATE INDEX sign_in_failures_by_retry ON sign_in_failures (retry_at)",
        "CREATE INDEX staff_sign_in_failures_by_retry ON staff_sign_in_failures (retry_at)",
        "INSERT INTO sign_in_failures VALUES (990101, '*', 104, '2026-11-21T10:30:00.000Z'), (990101, '2001:db8:40:1::/64', 9, '2026-11-21T10:04:16.000Z')",
        "INSERT INTO staff_sign_in_failures VALUES ('Owner', '*', 6, '2026-11-20T08:00:00.000Z'), ('Owner', '203.0.113.9', 6, '2026-11-21T09:59:58.500Z')",
      ].map((sql) => env.DB.prepare(sql)),
    );

    await env.DB.batch((migration?.queries ?? []).map((sql) => env.DB.prepare(sql)));

    const rows = await env.DB.prepare("SELECT pid, username, network, failures, retry_at FROM sign_in_failures ORDER BY pid, network").all();
    expect(rows.results).toEqual([
      { pid: null, username: "Owner", network: "*", failures: 6, retry_at: "2026-11-20T08:00:00.000Z" },
      { pid: null, username: "Owner", network: "203.0.113.9", failures: 6, retry_at: "2026-11-21T09:59:58.500Z" },
      { pid: 990_101, username: null, network: "*", failures: 104, retry_at: "2026-11-21T10:30:00.000Z" },
      { pid: 990_101, username: null, network: "2001:db8:40:1::/64", failures: 9, retry_at: "2026-11-21T10:04:16.000Z" },
    ]);
    const staffTable = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'staff_sign_in_failures%'").all();
    expect(staffTable.results).toEqual([]);
    // The copied rows go on counting: the staff username in any letter case, the member still backing off.
    expect(await countAttempt(env.DB, { username: "OWNER" }, "203.0.113.9", SCHEDULES, NOW)).toEqual({ counted: true, allNetworkFailures: 7 });
    expect(await countAttempt(env.DB, { pid: 990_101 }, "198.51.100.4", SCHEDULES, NOW)).toEqual({ counted: false, allNetworkFailures: 0 });
  });
});
