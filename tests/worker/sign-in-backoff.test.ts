import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countAttempt, secondsToWait } from "#worker/db/sign-in-failures.ts";
import { ALL_NETWORKS, PER_NETWORK } from "#worker/lib/sign-in-backoff.ts";

// The back-off schedules (ADR 0004, ADR 0024), counted in D1 at a fixed
// time: per network, five free failures, then 2 s doubling to 5 minutes;
// for all networks, a hundred, then 1 minute doubling to an hour.

const NOW = new Date("2026-11-21T10:00:00.000Z");
const SCHEDULES = { network: PER_NETWORK, allNetworks: ALL_NETWORKS };
let nextPid = 880_000;

/** An account whose row for `network` ('*' for all) already holds `failures`, none waiting. */
async function accountWith(network: string, failures: number): Promise<{ pid: number }> {
  const pid = nextPid++;
  if (failures > 0) {
    await env.DB.prepare("INSERT INTO sign_in_failures (pid, network, failures, retry_at) VALUES (?1, ?2, ?3, '2000-01-01T00:00:00.000Z')").bind(pid, network, failures).run();
  }
  return { pid };
}

async function retryAt(account: { pid: number }, network: string): Promise<string | undefined> {
  const row = await env.DB.prepare("SELECT retry_at FROM sign_in_failures WHERE pid = ?1 AND network = ?2").bind(account.pid, network).first<{ retry_at: string }>();
  return row?.retry_at;
}

const secondsAfterNow = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe("the back-off per network", () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 2],
    [6, 4],
    [7, 8],
    [12, 256],
    [13, 300],
    [50, 300],
  ])("after failure %i waits %i s", async (count, seconds) => {
    const account = await accountWith("192.0.2.1", count - 1);
    expect(await countAttempt(env.DB, account, "192.0.2.1", SCHEDULES, NOW)).toEqual({ counted: true, allNetworkFailures: 1 });
    expect(await retryAt(account, "192.0.2.1")).toBe(secondsAfterNow(seconds));
    expect(await secondsToWait(env.DB, account, "192.0.2.1", NOW)).toBe(seconds);
  });

  it("refuses and counts nothing until the wait is over, then counts again", async () => {
    const account = await accountWith("192.0.2.2", PER_NETWORK.free - 1);
    await countAttempt(env.DB, account, "192.0.2.2", SCHEDULES, NOW);
    const early = new Date(NOW.getTime() + 1_999);
    expect(await countAttempt(env.DB, account, "192.0.2.2", SCHEDULES, early)).toEqual({ counted: false, allNetworkFailures: 0 });
    expect(await secondsToWait(env.DB, account, "192.0.2.2", early)).toBe(1);
    const onTime = new Date(NOW.getTime() + 2_000);
    expect(await countAttempt(env.DB, account, "192.0.2.2", SCHEDULES, onTime)).toEqual({ counted: true, allNetworkFailures: 2 });
    const rows = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE pid = ?1 ORDER BY network").bind(account.pid).all();
    expect(rows.results).toEqual([
      { network: "*", failures: 2 },
      { network: "192.0.2.2", failures: PER_NETWORK.free + 1 },
    ]);
  });
});

describe("the back-off for all networks", () => {
  it.each([
    [99, 0],
    [100, 60],
    [101, 120],
    [106, 3600],
    [400, 3600],
  ])("after failure %i waits %i s, whichever network comes next", async (count, seconds) => {
    const account = await accountWith("*", count - 1);
    expect(await countAttempt(env.DB, account, "2001:db8:9::/64", SCHEDULES, NOW)).toEqual({ counted: true, allNetworkFailures: count });
    expect(await retryAt(account, "*")).toBe(secondsAfterNow(seconds));
    // The network's own row has had one failure: it would not hold anyone up.
    expect(await retryAt(account, "2001:db8:9::/64")).toBe(NOW.toISOString());
    expect(await secondsToWait(env.DB, account, "198.51.100.9", NOW)).toBe(seconds);
  });

  it("holds up a network that has never failed while it backs off", async () => {
    const account = await accountWith("*", ALL_NETWORKS.free);
    await env.DB.prepare("UPDATE sign_in_failures SET retry_at = ?2 WHERE pid = ?1").bind(account.pid, secondsAfterNow(60)).run();
    expect(await countAttempt(env.DB, account, "203.0.113.200", SCHEDULES, NOW)).toEqual({ counted: false, allNetworkFailures: 0 });
    expect(await retryAt(account, "203.0.113.200")).toBeUndefined();
  });
});

describe("staff usernames", () => {
  it("are counted by username, whatever the letter case", async () => {
    const network = "192.0.2.3";
    await countAttempt(env.DB, { username: "Owner-Backoff" }, network, SCHEDULES, NOW);
    expect(await countAttempt(env.DB, { username: "owner-backoff" }, network, SCHEDULES, NOW)).toEqual({ counted: true, allNetworkFailures: 2 });
    const rows = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE username = 'OWNER-BACKOFF' ORDER BY network").all();
    expect(rows.results).toEqual([
      { network: "*", failures: 2 },
      { network, failures: 2 },
    ]);
  });
});
