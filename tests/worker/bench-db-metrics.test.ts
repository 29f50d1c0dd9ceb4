import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { enqueueMessage } from "#worker/db/outbox.ts";
import { RowsReadMeter } from "#worker/db/rows-read-meter.ts";
import { config, type AppEnv, type Config } from "#worker/env.ts";
import { closeStaleMessages, deliverDueMessages } from "#worker/lib/whatsapp/deliver-outbox.ts";
import {
  ISOLATE_ROWS_READ_HEADER,
  DURATION_HEADER,
  ISOLATE_ROWS_WRITTEN_HEADER,
  ROWS_READ_HEADER,
  ROWS_WRITTEN_HEADER,
  STATEMENTS_HEADER,
  benchDbMetrics,
} from "#worker/middleware/bench-db-metrics.ts";
import { interestReceivedMessage } from "#shared/whatsapp-messages.ts";
import { api, createMember, signedInMember } from "./setup/fixtures.ts";
import { SITE, testWhatsApp } from "./setup/whatsapp.ts";

// The bench server's D1 rows per request (docs/scaling.md): off unless
// BENCH_DB_METRICS is "true", and then D1's own meta.rows_read and
// rows_written summed over every way a route runs a statement.

const benchEnv = { ...env, BENCH_DB_METRICS: "true" } as Env;

/** Runs the same statements on whatever DB it is given: a probe of every way the code reaches D1. */
async function statements(db: D1Database, pid: number): Promise<void> {
  await db.prepare("SELECT pid FROM members WHERE pid = ?1").bind(pid).first();
  await db.prepare("SELECT pid FROM members WHERE pid = ?1").bind(pid).first("pid");
  await db.prepare("SELECT pid, name FROM members WHERE gender = 'F' LIMIT 3").all();
  await db.prepare("UPDATE members SET email = 'probe@example.com' WHERE pid = ?1").bind(pid).run();
  await db.batch([db.prepare("SELECT COUNT(*) FROM members"), db.prepare("UPDATE members SET email = 'batch@example.com' WHERE pid = ?1").bind(pid)]);
  await db.withSession("first-primary").prepare("SELECT pid FROM members WHERE pid = ?1").bind(pid).all();
}

/** D1's own sums over the probe's statements, run unwrapped, one statement at a time. */
async function directSums(pid: number): Promise<{ read: number; written: number }> {
  const results: D1Result[] = [
    await env.DB.prepare("SELECT pid FROM members WHERE pid = ?1").bind(pid).all(),
    await env.DB.prepare("SELECT pid FROM members WHERE pid = ?1").bind(pid).all(),
    await env.DB.prepare("SELECT pid, name FROM members WHERE gender = 'F' LIMIT 3").all(),
    await env.DB.prepare("UPDATE members SET email = 'probe@example.com' WHERE pid = ?1").bind(pid).run(),
    ...(await env.DB.batch([env.DB.prepare("SELECT COUNT(*) FROM members"), env.DB.prepare("UPDATE members SET email = 'batch@example.com' WHERE pid = ?1").bind(pid)])),
    await env.DB.prepare("SELECT pid FROM members WHERE pid = ?1").bind(pid).all(),
  ];
  return { read: results.reduce((sum, r) => sum + r.meta.rows_read, 0), written: results.reduce((sum, r) => sum + r.meta.rows_written, 0) };
}

function probeApp(pid: number): Hono<AppEnv> {
  return new Hono<AppEnv>().use(benchDbMetrics()).get("/probe", async (c) => {
    const wrapped = c.env.DB !== env.DB;
    await statements(c.env.DB, pid);
    return c.json({ wrapped });
  });
}

function rowsOf(response: Response): { read: number; written: number } {
  return { read: Number(response.headers.get(ROWS_READ_HEADER)), written: Number(response.headers.get(ROWS_WRITTEN_HEADER)) };
}

describe("off by default", () => {
  it("leaves D1 unwrapped and sends no row headers unless BENCH_DB_METRICS is true", async () => {
    const { pid } = await createMember();
    for (const bindings of [env, { ...env, BENCH_DB_METRICS: "false" } as Env]) {
      const response = await probeApp(pid).request("/probe", {}, bindings);
      expect(await response.json()).toEqual({ wrapped: false });
      for (const name of [ROWS_READ_HEADER, ROWS_WRITTEN_HEADER, STATEMENTS_HEADER, DURATION_HEADER, ISOLATE_ROWS_READ_HEADER, ISOLATE_ROWS_WRITTEN_HEADER])
        expect(response.headers.get(name)).toBeNull();
    }
    const member = await signedInMember();
    const real = await api("/api/users/current", { headers: member.headers });
    expect(real.status).toBe(200);
    expect(real.headers.get(ROWS_READ_HEADER)).toBeNull();
  });
});

describe("on the bench server", () => {
  it("counts D1's own rows read and written over first, all, run, batch and sessions", async () => {
    const { pid } = await createMember();
    const expected = await directSums(pid);
    expect(expected.read).toBeGreaterThan(0);
    expect(expected.written).toBeGreaterThan(0);
    const response = await probeApp(pid).request("/probe", {}, benchEnv);
    expect(await response.json()).toEqual({ wrapped: true });
    expect(rowsOf(response)).toEqual(expected);
    // Seven statements: two firsts, an all, a run, a batch of two and one in a session.
    expect(response.headers.get(STATEMENTS_HEADER)).toBe("7");
    expect(Number(response.headers.get(DURATION_HEADER))).toBeGreaterThanOrEqual(0);
  });

  it("covers every route of the app: nothing for the trivial route, the session check and the write of a sign-out", async () => {
    expect(rowsOf(await api("/api/health", {}, benchEnv))).toEqual({ read: 0, written: 0 });
    const member = await signedInMember();
    const current = await api("/api/users/current", { headers: member.headers }, benchEnv);
    expect(current.status).toBe(200);
    expect(rowsOf(current).read).toBeGreaterThan(0);
    expect(rowsOf(current).written).toBe(0);
    const signOut = await api("/api/users/sign_out", { method: "POST", headers: member.headers }, benchEnv);
    expect(signOut.status).toBe(200);
    expect(rowsOf(signOut).written).toBeGreaterThan(0);
    const refused = await api("/api/nowhere", {}, benchEnv);
    expect(refused.status).toBe(404);
    expect(rowsOf(refused)).toEqual({ read: 0, written: 0 });
  });

  it("adds the work after a response to the isolate's totals, which the next response carries", async () => {
    const app = probeApp(0);
    const { pid } = await createMember();
    const later = new Hono<AppEnv>().use(benchDbMetrics()).get("/later", (c) => {
      c.executionCtx.waitUntil(c.env.DB.prepare("UPDATE members SET email = 'later@example.com' WHERE pid = ?1").bind(pid).run());
      return c.json({});
    });
    const totals = (response: Response) => ({ read: Number(response.headers.get(ISOLATE_ROWS_READ_HEADER)), written: Number(response.headers.get(ISOLATE_ROWS_WRITTEN_HEADER)) });
    const before = totals(await app.request("/probe", {}, benchEnv));
    const ctx = createExecutionContext();
    const response = await later.request("/later", {}, benchEnv, ctx);
    expect(rowsOf(response)).toEqual({ read: 0, written: 0 });
    await waitOnExecutionContext(ctx);
    const after = await app.request("/probe", {}, benchEnv);
    expect(totals(after).written - before.written - rowsOf(after).written).toBeGreaterThan(0);
  });
});

describe("the cron's outbox run, per message (docs/scaling.md)", () => {
  it("claims, sends and records ten messages in at most 20 rows read and 10 written each", async () => {
    const wa = await testWhatsApp();
    const meter = new RowsReadMeter();
    for (let i = 0; i < 10; i++) {
      const { pid } = await createMember();
      const row = await env.DB.prepare("SELECT mobile FROM members WHERE pid = ?1").bind(pid).first<{ mobile: string }>();
      const text = interestReceivedMessage("en", { agency: "Sri Lakshmi Marriage Bureau", fromPid: 10234, toPid: pid, origin: SITE, path: `interest_link?link=cron${i}` });
      await enqueueMessage(env.DB, { memberPid: pid, toMobile: row?.mobile ?? "", kind: "interest_received", language: "en", ...text }).run();
    }
    const report = await deliverDueMessages({ ...wa.env, DB: meter.wrap(env.DB) });
    expect(report.sent).toBe(10);
    // Measured: 165 read and 90 written for the ten (the claim, the open
    // windows, each message marked sent with its indexes, the partial ones of
    // migration 0020 included, the empty batch that ends the run); the bounds
    // keep a regression from passing unseen.
    expect(meter.rowsWritten).toBeGreaterThanOrEqual(report.sent);
    expect(meter.rowsWritten).toBeLessThanOrEqual(10 * report.sent);
    expect(meter.rowsRead).toBeLessThanOrEqual(20 * report.sent);
  });

  it("reads only the messages still holding a secret when nothing is due, not every message ever sent: the cost of every five minutes", async () => {
    const wa = await testWhatsApp();
    await deliverDueMessages(wa.env);
    const { pid } = await createMember();
    const sentLongAgo = (i: number) =>
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body, status, sent_at) VALUES (?1, '919876500000', 'link', ?2, 'sent', '2026-01-01T00:00:00.000Z')").bind(
        pid,
        `sent ${i}`,
      );
    await env.DB.batch(Array.from({ length: 300 }, (_, i) => sentLongAgo(i)));
    const meter = new RowsReadMeter();
    const metered = { ...wa.env, DB: meter.wrap(env.DB) };
    await closeStaleMessages(metered);
    const report = await deliverDueMessages(metered);
    expect(report.claimed).toBe(0);
    // Closing expired codes and stale secrets each visit their partial index
    // (migration 0020): the few messages earlier tests left holding a code or
    // a token. Before it, each scanned the whole outbox (docs/scaling.md).
    expect(meter.rowsRead).toBeGreaterThan(0);
    expect(meter.rowsRead).toBeLessThan(40);
    expect(meter.rowsWritten).toBe(0);
  });

  it("checks the configuration once for the isolate, not again for each request's copy of the env", async () => {
    const seen: Config[] = [];
    const app = new Hono<AppEnv>().use(benchDbMetrics()).get("/config", (c) => {
      seen.push(config(c.env));
      return c.body(null, 204);
    });
    for (let i = 0; i < 2; i++) expect((await app.request("/config", {}, benchEnv)).status).toBe(204);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    expect(config(benchEnv)).toBe(seen[0]);
  });
});
