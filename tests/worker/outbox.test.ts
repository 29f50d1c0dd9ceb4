import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it, vi, type MockInstance } from "vitest";
import worker from "../../worker/index.ts";
import {
  claimDueMessages,
  enqueueMessage,
  getOutboxMessage,
  listDueMessages,
  MAX_BODY_LENGTH,
  REDACTED_PASSWORD_BODY,
  type NewOutboxMessage,
} from "../../worker/db/outbox.ts";
import type { OutboxKind } from "../../shared/admin-types.ts";
import type { WhatsAppEnv } from "../../worker/lib/whatsapp/config.ts";
import {
  deliverOutbox,
  deliverOutboxSoon,
  MAX_ATTEMPTS,
  NOT_CONFIGURED_NOTE,
  retryDelayMs,
} from "../../worker/lib/whatsapp/deliver-outbox.ts";
import { createMember } from "./setup/fixtures.ts";
import type { ReceivedRequest, StandInMode } from "./setup/whatsapp-stand-in.ts";

// Delivery runs against a real HTTP stand-in for the Cloud API (started by
// vitest's globalSetup in Node); each test uses its own phone-number id, so
// the stand-in's mode and its record of requests are the test's own.

const standInUrl = inject("whatsappStandInUrl");
const TOKEN = "test-whatsapp-token";
const MINUTE = 60_000;

let phoneNumberId = "";
let sequence = 0;
let warn: MockInstance<typeof console.warn>;

/** The Worker's environment with WhatsApp configured to the stand-in (the version in the path, as in production). */
function configuredEnv(): Env & WhatsAppEnv {
  return { ...env, WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_API_URL: `${standInUrl}/v21.0/` };
}

async function received(): Promise<ReceivedRequest[]> {
  const response = await fetch(`${standInUrl}/__received/${phoneNumberId}`);
  return response.json<ReceivedRequest[]>();
}

async function setMode(mode: StandInMode): Promise<void> {
  const response = await fetch(`${standInUrl}/__mode/${phoneNumberId}`, { method: "POST", body: JSON.stringify(mode) });
  expect(response.status).toBe(200);
}

async function mobileOf(pid: number): Promise<string> {
  const row = await env.DB.prepare("SELECT mobile FROM members WHERE pid = ?1").bind(pid).first<{ mobile: string }>();
  if (!row) throw new Error(`no member ${pid}`);
  return row.mobile;
}

/** Writes one message for a new member and returns its id and the member's number. */
async function enqueue(kind: OutboxKind = "interest_received", body = `Message ${++sequence}`): Promise<{ id: number; toMobile: string }> {
  const { pid } = await createMember();
  const toMobile = await mobileOf(pid);
  const message: NewOutboxMessage = { memberPid: pid, toMobile, kind, body };
  const result = await enqueueMessage(env.DB, message).run();
  return { id: Number(result.meta.last_row_id), toMobile };
}

async function message(id: number) {
  const row = await getOutboxMessage(env.DB, id);
  if (!row) throw new Error(`no outbox message ${id}`);
  return row;
}

/** A moment safely after the messages just written became due (workerd's clock only moves on I/O). */
const soon = () => new Date(Date.now() + 1000);

beforeEach(async () => {
  // Storage is shared by the tests of this file: each starts with an empty outbox.
  await env.DB.prepare("DELETE FROM outbox").run();
  phoneNumberId = `1065403522${Date.now()}${++sequence}`;
  // Failed sends are logged with console.warn; the tests that care look at the calls.
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("outbox queries", () => {
  it("enqueues a message for a member, due at once, in a batch with other statements", async () => {
    const { pid } = await createMember();
    const toMobile = await mobileOf(pid);
    await env.DB.batch([
      env.DB.prepare("UPDATE members SET address = 'Vijayawada' WHERE pid = ?1").bind(pid),
      enqueueMessage(env.DB, { memberPid: pid, toMobile, kind: "interest_approved", body: "Approved" }),
    ]);
    const [due] = await listDueMessages(env.DB, soon(), 10);
    expect(due).toMatchObject({ memberPid: pid, toMobile, kind: "interest_approved", body: "Approved", status: "pending", attempts: 0, lastError: null, sentAt: null });
  });

  it("refuses an empty body and one longer than the Cloud API takes", async () => {
    const { pid } = await createMember();
    expect(() => enqueueMessage(env.DB, { memberPid: pid, toMobile: "+919000000001", kind: "link", body: "" })).toThrow(RangeError);
    expect(() => enqueueMessage(env.DB, { memberPid: pid, toMobile: "+919000000001", kind: "link", body: "x".repeat(MAX_BODY_LENGTH + 1) })).toThrow(RangeError);
  });

  it("lists due messages oldest first, up to the limit, without claiming them", async () => {
    const first = await enqueue();
    const second = await enqueue();
    await enqueue();
    const due = await listDueMessages(env.DB, soon(), 2);
    expect(due.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(await listDueMessages(env.DB, soon(), 10)).toHaveLength(3);
    expect((await message(first.id)).attempts).toBe(0);
  });

  it("claims a message once until its lease ends, counting each claim as an attempt", async () => {
    const { id } = await enqueue();
    const now = soon();
    const leaseUntil = new Date(now.getTime() + 2 * MINUTE);
    const [claimed] = await claimDueMessages(env.DB, now, leaseUntil, 10);
    expect(claimed).toMatchObject({ id, attempts: 1, nextAttemptAt: leaseUntil.toISOString() });
    expect(await claimDueMessages(env.DB, now, leaseUntil, 10)).toEqual([]);
    const afterLease = await claimDueMessages(env.DB, leaseUntil, new Date(leaseUntil.getTime() + 2 * MINUTE), 10);
    expect(afterLease.map((m) => [m.id, m.attempts])).toEqual([[id, 2]]);
  });

  it("backs off 1 min, 5 min, 30 min, 2 h, 6 h and gives up after the sixth attempt", () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE, null]);
    expect(MAX_ATTEMPTS).toBe(6);
  });
});

describe("deliverOutbox with the Cloud API configured", () => {
  it("sends the Cloud API's text-message request and marks the message sent with its id", async () => {
    const body = "శుభవార్త! Lakshmi is interested in your profile.\nOpen: https://example.org/interest_link?link=eyJwaWQiOjF9";
    const { id, toMobile } = await enqueue("interest_received", body);
    expect(toMobile).toMatch(/^\+91\d{10}$/);

    const report = await deliverOutbox(configuredEnv());
    expect(report).toEqual({ configured: true, claimed: 1, sent: 1, retrying: 0, failed: 0, held: 0 });

    const [request, ...others] = await received();
    expect(others).toEqual([]);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/v21.0/${phoneNumberId}/messages`);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: toMobile.slice(1),
      type: "text",
      text: { preview_url: true, body },
    });

    const sent = await message(id);
    // Sent: the link's token leaves the stored text (it was in the request above).
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null, body: body.replace("link=eyJwaWQiOjF9", "link=[removed]") });
    expect(sent.providerMessageId).toMatch(/^wamid\.stand-in-\d+$/);
    expect(Date.parse(sent.sentAt ?? "")).not.toBeNaN();
  });

  it("removes the password from a password message once it is sent", async () => {
    const body = "Sri Lakshmi Marriage Bureau: your Profile ID is 50001 and your password is Kp7mQ2xZ";
    const { id } = await enqueue("password", body);
    const other = await enqueue("interest_approved", "Your interest was approved: 98765 43210");

    expect((await deliverOutbox(configuredEnv())).sent).toBe(2);

    const bodies = (await received()).map((r) => (JSON.parse(r.body) as { text: { body: string } }).text.body);
    expect(bodies).toContain(body);
    const sent = await message(id);
    expect(sent.status).toBe("sent");
    expect(sent.body).toBe(REDACTED_PASSWORD_BODY);
    expect(JSON.stringify(sent)).not.toContain("Kp7mQ2xZ");
    expect((await message(other.id)).body).toBe("Your interest was approved: 98765 43210");
  });

  it("removes a one-tap link's token once the message is sent, keeping the link's address", async () => {
    const body = "Profile 50001 is interested in your profile. Open https://agency.example/interest_link?link=eyJwaWQiOjUwMDAyLCJwaW4iOiJhYmMifQ to see it.";
    const { id } = await enqueue("interest_received", body);
    expect((await deliverOutbox(configuredEnv())).sent).toBe(1);
    const bodies = (await received()).map((r) => (JSON.parse(r.body) as { text: { body: string } }).text.body);
    expect(bodies).toContain(body);
    expect((await message(id)).body).toBe("Profile 50001 is interested in your profile. Open https://agency.example/interest_link?link=[removed] to see it.");
  });

  it("records a Cloud API error, retries with back-off and marks the message failed after the last attempt", async () => {
    await setMode({
      kind: "error",
      status: 400,
      code: 131047,
      message: "Re-engagement message",
      details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    });
    const { id } = await enqueue("password", "Your password is Kp7mQ2xZ");
    const delays = [1, 5, 30, 120, 360].map((minutes) => minutes * MINUTE);
    let now = soon();
    for (let attempt = 1; attempt <= 6; attempt++) {
      if (attempt > 1) {
        // Not due a second early.
        expect((await deliverOutbox(configuredEnv(), { now: new Date(now.getTime() - 1000) })).claimed).toBe(0);
      }
      const report = await deliverOutbox(configuredEnv(), { now });
      const row = await message(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe(
        "Cloud API error 131047: Re-engagement message (Message failed to send because more than 24 hours have passed since the customer last replied to this number.) (HTTP 400)",
      );
      if (attempt < 6) {
        expect(report).toMatchObject({ claimed: 1, retrying: 1, failed: 0, sent: 0 });
        expect(row.status).toBe("pending");
        const next = new Date(now.getTime() + (delays[attempt - 1] ?? 0));
        expect(row.nextAttemptAt).toBe(next.toISOString());
        now = next;
      } else {
        expect(report).toMatchObject({ claimed: 1, retrying: 0, failed: 1, sent: 0 });
        expect(row.status).toBe("failed");
      }
    }
    expect(await received()).toHaveLength(6);
    expect((await deliverOutbox(configuredEnv(), { now: new Date(now.getTime() + 24 * 60 * MINUTE) })).claimed).toBe(0);
    expect(await received()).toHaveLength(6);
    // A failed password message keeps its text, for the console to send by hand;
    // the log of each failure never carries it.
    expect((await message(id)).body).toBe("Your password is Kp7mQ2xZ");
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings).toHaveLength(6);
    for (const warning of warnings) expect(warning).not.toContain("Kp7mQ2xZ");
  });

  it("sends a message on the retry after a failed attempt", async () => {
    await setMode({ kind: "error", status: 500, code: 1, message: "An unknown error occurred" });
    const { id } = await enqueue();
    const now = soon();
    expect((await deliverOutbox(configuredEnv(), { now })).retrying).toBe(1);
    expect((await message(id)).lastError).toBe("Cloud API error 1: An unknown error occurred (HTTP 500)");

    await setMode({ kind: "ok" });
    const report = await deliverOutbox(configuredEnv(), { now: new Date(now.getTime() + MINUTE) });
    expect(report.sent).toBe(1);
    expect(await message(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await received()).toHaveLength(2);
  });

  it("gives up on a server that does not answer within the timeout and counts a failed attempt", async () => {
    await setMode({ kind: "hang" });
    const { id } = await enqueue();
    const now = soon();
    const started = Date.now();
    const report = await deliverOutbox(configuredEnv(), { now, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(report).toMatchObject({ claimed: 1, retrying: 1, sent: 0 });
    expect(await message(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "No answer from the Cloud API within 300 ms",
      nextAttemptAt: new Date(now.getTime() + MINUTE).toISOString(),
    });
    expect(await received()).toHaveLength(1);
  });

  it("sends each message exactly once when deliverers run at the same time", async () => {
    await setMode({ kind: "ok", delayMs: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await enqueue()).id);
    const now = soon();
    const reports = await Promise.all([1, 2, 3].map(() => deliverOutbox(configuredEnv(), { now, limit: 4 })));
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(7);
    const bodies = (await received()).map((r) => (JSON.parse(r.body) as { text: { body: string } }).text.body);
    expect(bodies).toHaveLength(7);
    expect(new Set(bodies).size).toBe(7);
    for (const id of ids) expect(await message(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("refuses half a configuration loudly and leaves the messages alone", async () => {
    const { id } = await enqueue();
    const halfConfigured: Env & WhatsAppEnv = { ...env, WHATSAPP_TOKEN: TOKEN };
    await expect(deliverOutbox(halfConfigured)).rejects.toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(await message(id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
  });
});

describe("deliverOutbox without WhatsApp configured", () => {
  it("sends nothing, keeps messages pending for the console and logs each new one once", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const body = "Your profile has a new interest: https://example.org/interest_link";
    const { id, toMobile } = await enqueue("interest_received", body);
    const unconfigured: Env & WhatsAppEnv = { ...env, WHATSAPP_API_URL: standInUrl };

    expect(await deliverOutbox(unconfigured)).toEqual({ configured: false, claimed: 0, sent: 0, retrying: 0, failed: 0, held: 1 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    const logged = JSON.parse(String(log.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(logged).toEqual({
      kind: "outbox_held",
      id,
      messageKind: "interest_received",
      to: toMobile,
      waMe: `https://wa.me/${toMobile.slice(1)}?text=${encodeURIComponent(body)}`,
      body,
    });
    expect(await message(id)).toMatchObject({ status: "pending", attempts: 0, lastError: NOT_CONFIGURED_NOTE, body });

    // Announced once: the next run (the cron, five minutes later) is quiet.
    expect((await deliverOutbox(unconfigured)).held).toBe(0);
    expect(log).toHaveBeenCalledTimes(1);
    fetchSpy.mockRestore();

    // Once WhatsApp is configured, what is still pending goes out.
    expect((await deliverOutbox(configuredEnv())).sent).toBe(1);
    expect(await message(id)).toMatchObject({ status: "sent", lastError: null });
  });
});

describe("delivery triggers", () => {
  it("deliverOutboxSoon sends through the request's execution context", async () => {
    const { id } = await enqueue();
    const ctx = createExecutionContext();
    deliverOutboxSoon({ env: configuredEnv(), executionCtx: ctx });
    await waitOnExecutionContext(ctx);
    expect((await message(id)).status).toBe("sent");
  });

  it("deliverOutboxSoon leaves the message to the cron when the request has no execution context", async () => {
    const { id } = await enqueue();
    const context = {
      env: configuredEnv(),
      get executionCtx(): ExecutionContext {
        throw new Error("This context has no ExecutionContext");
      },
    };
    expect(() => deliverOutboxSoon(context)).not.toThrow();
    expect(await message(id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("the scheduled handler sends every due message in batches and leaves those backing off", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await enqueue()).id);
    const backingOff = await enqueue();
    const later = new Date(Date.now() + 30 * MINUTE).toISOString();
    await env.DB.prepare("UPDATE outbox SET attempts = 1, next_attempt_at = ?2 WHERE id = ?1").bind(backingOff.id, later).run();

    vi.spyOn(console, "log").mockImplementation(() => undefined);
    // The handler awaits its work, so the cron run's outcome is the handler's.
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" }), configuredEnv());

    for (const id of ids) expect((await message(id)).status).toBe("sent");
    expect(await message(backingOff.id)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: later });
    expect(await received()).toHaveLength(12);
  });
});
