import { createScheduledController, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "#worker/index.ts";
import type { WhatsAppEnv } from "#worker/lib/whatsapp/config.ts";
import { createMember, postJson, staffSession } from "./setup/fixtures.ts";

// The cron run (wrangler.toml, every 5 minutes): the outbox's housekeeping
// and delivery (ADR 0009), the retention notices and erasures (ADR 0034) and
// the pruning of bookkeeping (ADR 0033) are separate jobs. One that throws is
// logged and the others still run; the run then fails, so Cloudflare shows it.

afterEach(() => {
  vi.restoreAllMocks();
});

const cronRun = () => createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" });

describe("the scheduled handler", () => {
  it("erases and prunes when delivery throws, logs the failed job, and still fails the run", async () => {
    const staff = await staffSession();
    const member = await createMember();
    expect((await postJson(`/api/admin/members/${member.pid}/delete_profile`, {}, staff.headers)).status).toBe(200);
    await env.DB.prepare("UPDATE members SET erase_after = ?2 WHERE pid = ?1")
      .bind(member.pid, new Date(Date.now() - 60_000).toISOString())
      .run();
    await env.DB.prepare("INSERT INTO sign_in_failures (username, network, failures, retry_at) VALUES ('cron-test', '*', 1, '2000-01-01T00:00:00.000Z')").run();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);

    // Half a configuration makes delivery throw by design (ADR 0009).
    const halfConfigured: Env & WhatsAppEnv = { ...env, WHATSAPP_TOKEN: "token-without-a-number" };
    await expect(worker.scheduled(cronRun(), halfConfigured)).rejects.toThrow(/1 of the cron's jobs failed/);

    expect(await env.DB.prepare("SELECT pid FROM members WHERE pid = ?1").bind(member.pid).first()).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM sign_in_failures WHERE username = 'cron-test'").first()).toBeNull();
    const logged = error.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    expect(logged).toContainEqual({ kind: "cron_job_failed", job: "outbox_delivery", message: expect.stringMatching(/WHATSAPP_PHONE_NUMBER_ID/) });
  });

  it("does nothing in proxy mode, where the agency backend holds the members and their messages (ADR 0026)", async () => {
    // An earlier copy in D1: a message waiting, a profile due for erasure, bookkeeping due for pruning.
    const staff = await staffSession();
    const member = await createMember();
    expect((await postJson(`/api/admin/members/${member.pid}/delete_profile`, {}, staff.headers)).status).toBe(200);
    await env.DB.prepare("UPDATE members SET erase_after = ?2 WHERE pid = ?1")
      .bind(member.pid, new Date(Date.now() - 60_000).toISOString())
      .run();
    await env.DB.prepare("INSERT INTO sign_in_failures (username, network, failures, retry_at) VALUES ('cron-proxy-test', '*', 1, '2000-01-01T00:00:00.000Z')").run();
    const used: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, property) {
        used.push(String(property));
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const proxyMode: Env & WhatsAppEnv = { ...env, DB: db, AGENCY_API_URL: "https://backend.example/api", WHATSAPP_TOKEN: "token", WHATSAPP_PHONE_NUMBER_ID: "1" };
    await expect(worker.scheduled(cronRun(), proxyMode)).resolves.toBeUndefined();
    expect(used).toEqual([]);
    expect(await env.DB.prepare("SELECT pid FROM members WHERE pid = ?1").bind(member.pid).first()).not.toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM sign_in_failures WHERE username = 'cron-proxy-test'").first()).not.toBeNull();
  });

  it("resolves when every job succeeds", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await expect(worker.scheduled(cronRun(), env)).resolves.toBeUndefined();
  });
});
