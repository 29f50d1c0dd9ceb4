import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { IssuedLink } from "#shared/admin-types.ts";
import type { AccessLogPage } from "#shared/api-types.ts";
import { pruneBookkeeping } from "#worker/db/bookkeeping.ts";
import { api, createMember, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// The log of staff reading members' personal data (ADR 0033): opening a
// member's record and reading a message's text are logged, owners read the
// log a page at a time, and the cron keeps it at least a year while pruning
// bookkeeping that has served its purpose.

const logOf = async (headers: Record<string, string>, query = "") => {
  const response = await api(`/api/admin/access_log${query}`, { headers });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<{ data: AccessLogPage }>()).data;
};

describe("the access log", () => {
  it("records who opened whose record and who read a message to whom; owners read it newest first", async () => {
    const clerk = await staffSession("staff");
    const owner = await staffSession("owner");
    const member = await createMember();

    expect((await api(`/api/admin/members/${member.pid}`, { headers: clerk.headers })).status).toBe(200);
    const issued = await postJson(`/api/admin/members/${member.pid}/links`, { kind: "profile" }, owner.headers);
    const messageId = (await issued.json<{ data: IssuedLink }>()).data.message.id;
    expect((await postJson(`/api/admin/outbox/${messageId}/open`, {}, clerk.headers)).status).toBe(200);

    const page = await logOf(owner.headers, `?pid=${member.pid}`);
    expect(page.entries.map((entry) => [entry.staffId, entry.staffName, entry.pid, entry.action])).toEqual([
      [clerk.id, "Padma", member.pid, "read_message"],
      [clerk.id, "Padma", member.pid, "open_member"],
    ]);
    expect(page.entries[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(page.next).toBeNull();
  });

  it("logs nothing for a Profile ID nobody has", async () => {
    const owner = await staffSession("owner");
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM access_log").first<{ n: number }>())?.n;
    expect((await api("/api/admin/members/9999999", { headers: owner.headers })).status).toBe(404);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM access_log").first<{ n: number }>())?.n).toBe(before);
  });

  it("pages with next, and entries added meanwhile do not shift the pages", async () => {
    const owner = await staffSession("owner");
    const member = await createMember();
    for (let i = 0; i < 5; i++) expect((await api(`/api/admin/members/${member.pid}`, { headers: owner.headers })).status).toBe(200);
    const first = await logOf(owner.headers, `?pid=${member.pid}&pageSize=2`);
    expect(first.entries).toHaveLength(2);
    expect(first.next).not.toBeNull();
    expect((await api(`/api/admin/members/${member.pid}`, { headers: owner.headers })).status).toBe(200);
    const second = await logOf(owner.headers, `?pid=${member.pid}&pageSize=2&before=${first.next}`);
    const third = await logOf(owner.headers, `?pid=${member.pid}&pageSize=2&before=${second.next}`);
    const ids = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(third.next).toBeNull();
  });

  it("is for owners only: other staff get 403, members and anonymous callers 401", async () => {
    const clerk = await staffSession("staff");
    const forbidden = await api("/api/admin/access_log", { headers: clerk.headers });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json<{ code: string }>()).code).toBe("FORBIDDEN");
    const member = await signedInMember();
    expect((await api("/api/admin/access_log", { headers: member.headers })).status).toBe(401);
    expect((await api("/api/admin/access_log")).status).toBe(401);
  });

  it("refuses a bad page: a before that is not a number, a page size out of range", async () => {
    const owner = await staffSession("owner");
    const bad = await api("/api/admin/access_log?before=abc", { headers: owner.headers });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toBe("before must be the next value of a page");
    expect((await api("/api/admin/access_log?pageSize=500", { headers: owner.headers })).status).toBe(400);
  });
});

describe("pruning bookkeeping (the cron)", () => {
  // Now, not a date ahead: the other tests' rows, written just now, must not be due.
  const NOW = new Date();
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

  it("keeps the access log and link events 400 days, spent links and sign-in back-off 30, and a link whose session still runs", async () => {
    const staff = await staffSession("owner");
    const member = await createMember();
    const run = (sql: string, ...values: unknown[]) =>
      env.DB.prepare(sql)
        .bind(...values)
        .run();
    await run("DELETE FROM access_log");
    await run("DELETE FROM link_events");
    for (const [days, pid] of [
      [401, 1],
      [399, 2],
    ] as const) {
      await run("INSERT INTO access_log (at, staff_id, pid, action) VALUES (?1, ?2, ?3, 'open_member')", daysAgo(days), staff.id, pid);
      await run("INSERT INTO link_events (at, link, step, outcome, pid) VALUES (?1, 'profile', 'sign_in', 'success', ?2)", daysAgo(days), pid);
    }
    const token = (name: string, expiredDaysAgo: number) =>
      run(
        "INSERT INTO link_tokens (token_hash, member_pid, kind, created_at, expires_at) VALUES (?1, ?2, 'profile', ?3, ?3)",
        name.padEnd(64, "0"),
        member.pid,
        daysAgo(expiredDaysAgo),
      );
    await token("a1", 31);
    await token("b2", 29);
    await token("c3", 45);
    // A session that link opened still runs: its link stays so that revoking it can end the session.
    await run("INSERT INTO sessions (id, member_pid, expires_at, link_token_hash) VALUES (?1, ?2, ?3, ?4)", `s-${member.pid}`, member.pid, daysAgo(-30), "c3".padEnd(64, "0"));
    await run("INSERT INTO sign_in_failures (pid, network, failures, retry_at) VALUES (?1, '*', 120, ?2), (?1, '203.0.113.9', 9, ?3)", member.pid, daysAgo(31), daysAgo(1));
    await run("INSERT INTO sign_in_failures (username, network, failures, retry_at) VALUES ('old-desk', '*', 3, ?1)", daysAgo(31));

    expect(await pruneBookkeeping(env.DB, NOW)).toEqual({ accessLog: 1, linkEvents: 1, linkTokens: 1, signInFailures: 2 });

    const left = async (sql: string) => (await env.DB.prepare(sql).bind(member.pid).all()).results;
    expect(await left("SELECT pid FROM access_log WHERE ?1 > 0")).toEqual([{ pid: 2 }]);
    expect(await left("SELECT pid FROM link_events WHERE ?1 > 0")).toEqual([{ pid: 2 }]);
    expect(await left("SELECT substr(token_hash, 1, 2) AS name FROM link_tokens WHERE member_pid = ?1 ORDER BY 1")).toEqual([{ name: "b2" }, { name: "c3" }]);
    // The recent back-off row stays, so an address still backing off keeps backing off.
    expect(await left("SELECT network, failures FROM sign_in_failures WHERE pid = ?1")).toEqual([{ network: "203.0.113.9", failures: 9 }]);
    // Nothing more to do on the next run.
    expect(await pruneBookkeeping(env.DB, NOW)).toEqual({ accessLog: 0, linkEvents: 0, linkTokens: 0, signInFailures: 0 });
  });
});
