import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminOutboxMessage, InboundMessage, OutboxSummary, Paged } from "#shared/admin-types.ts";
import { codeMessage, interestReceivedMessage, type OutboxKind } from "#shared/whatsapp-messages.ts";
import { enqueueMessage, REDACTED_CODE_BODY } from "#worker/db/outbox.ts";
import { deliverOutbox } from "#worker/lib/whatsapp/deliver-outbox.ts";
import { HIDDEN_CODE_BODY } from "#worker/lib/whatsapp/manual-delivery.ts";
import { api, contactOf, createMember, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";
import { testWhatsApp } from "./setup/whatsapp.ts";

// The outbox in the agency console (ADR 0009, ADR 0020). The Worker here has
// no Cloud API configured: messages wait for staff, as in a new agency.

async function queue(pid: number, kind: OutboxKind, options: { code?: string; token?: string } = {}): Promise<number> {
  const text =
    kind === "interest_received"
      ? interestReceivedMessage("en", {
          agency: "Sri Lakshmi Marriage Bureau",
          fromPid: 10234,
          toPid: pid,
          origin: "http://localhost",
          path: `interest_link?link=${options.token ?? "eyJwaWQiOjF9"}`,
        })
      : codeMessage("en", {
          agency: "Sri Lakshmi Marriage Bureau",
          code: options.code ?? "123456",
          pid,
          purpose: "password",
          validity: { days: 3 },
          url: `http://localhost/set_password?pid=${pid}`,
        });
  const expiresAt = kind === "interest_received" ? undefined : new Date(Date.now() + 3 * 86_400_000);
  const result = await enqueueMessage(env.DB, { memberPid: pid, toMobile: contactOf(pid).mobile, kind, language: "en", ...text, expiresAt }).run();
  return result.meta.last_row_id;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function outbox(headers: Record<string, string>, query = ""): Promise<Paged<AdminOutboxMessage>> {
  return (await (await api(`/api/admin/outbox${query}`, { headers })).json<{ data: Paged<AdminOutboxMessage> }>()).data;
}

describe("GET /api/admin/outbox", () => {
  it("lists messages newest first with their status and a click-to-chat link, filtered by member and status", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const first = await queue(member.pid, "interest_received");
    const second = await queue(member.pid, "forgot_password_code");
    const page = await outbox(staff.headers, `?pid=${member.pid}`);
    expect(page.total).toBe(2);
    expect(page.items.map((message) => message.id)).toEqual([second, first]);
    const [, interest] = page.items;
    expect(interest).toMatchObject({ memberPid: member.pid, kind: "interest_received", status: "pending", byHand: true, bodyHidden: false });
    expect(interest?.waMe).toBe(`https://wa.me/${contactOf(member.pid).mobile.slice(1)}?text=${encodeURIComponent(interest?.body ?? "")}`);
    expect(interest?.body).toContain("http://localhost/interest_link?link=eyJwaWQiOjF9");
    expect(interest).not.toHaveProperty("params");
    expect((await outbox(staff.headers, `?pid=${member.pid}&status=sent`)).items).toEqual([]);
    const bad = await api("/api/admin/outbox?status=lost", { headers: staff.headers });
    expect(await bad.json()).toMatchObject({ fields: { status: "Choose pending, sent, delivered, read or failed" } });
  });

  it("shows a one-time code's text to owners only; other staff open it in WhatsApp through an audited call", async () => {
    const staff = await staffSession();
    const owner = await staffSession("owner");
    const member = await createMember();
    const id = await queue(member.pid, "forgot_password_code", { code: "604211" });

    const [forStaff] = (await outbox(staff.headers, `?pid=${member.pid}`)).items;
    expect(forStaff).toMatchObject({ id, bodyHidden: true, body: HIDDEN_CODE_BODY, waMe: null, byHand: true });
    expect(JSON.stringify(forStaff)).not.toContain("604211");
    const [forOwner] = (await outbox(owner.headers, `?pid=${member.pid}`)).items;
    expect(forOwner).toMatchObject({ id, bodyHidden: false });
    expect(forOwner?.body).toContain("604211");
    expect(forOwner?.waMe).toContain("604211");

    const opened = await postJson(`/api/admin/outbox/${id}/open`, {}, staff.headers);
    expect(opened.status).toBe(200);
    expect((await opened.json<{ data: { waMe: string } }>()).data.waMe).toBe(forOwner?.waMe);
    expect(await env.DB.prepare("SELECT staff_id, action, target FROM audit_log ORDER BY id DESC LIMIT 1").first()).toEqual({
      staff_id: staff.id,
      action: "open_code_message",
      target: String(id),
    });
  });
});

describe("POST /api/admin/outbox/{id}/retry and /sent_by_hand", () => {
  it("retries a failed message from a fresh attempt count", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "interest_received");
    await env.DB.prepare("UPDATE outbox SET status = 'failed', attempts = 6, error_code = 131026, last_error = 'Message undeliverable' WHERE id = ?1").bind(id).run();
    const [failed] = (await outbox(staff.headers, `?pid=${member.pid}`)).items;
    // The console says why, and what to do, in words staff read.
    expect(failed?.problem?.reason).toMatch(/^WhatsApp could not deliver to this number/);
    expect(failed?.problem?.action).toMatch(/^Call the member to check the number/);
    const response = await postJson(`/api/admin/outbox/${id}/retry`, {}, staff.headers);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: AdminOutboxMessage }>();
    expect(data).toMatchObject({ id, status: "pending", attempts: 0, errorCode: null });
    expect(await env.DB.prepare("SELECT action, target FROM audit_log ORDER BY id DESC LIMIT 1").first()).toEqual({ action: "retry_message", target: String(id) });
  });

  it("marks a code sent by hand, removing it from the text; a sent message is neither retried nor marked again", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "registration_code", { code: "880213" });
    const response = await postJson(`/api/admin/outbox/${id}/sent_by_hand`, {}, staff.headers);
    const { data } = await response.json<{ data: AdminOutboxMessage }>();
    expect(data).toMatchObject({ id, status: "sent", body: REDACTED_CODE_BODY, bodyHidden: false, waMe: null, byHand: false });
    expect(data.sentAt).not.toBeNull();
    expect(JSON.stringify(await env.DB.prepare("SELECT * FROM outbox WHERE id = ?1").bind(id).first())).not.toContain("880213");
    for (const action of ["retry", "sent_by_hand", "open"]) {
      const again = await postJson(`/api/admin/outbox/${id}/${action}`, {}, staff.headers);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: "This message was sent already.", code: "CONFLICT" });
    }
  });

  it("does not send an expired code by hand", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "forgot_password_code");
    await env.DB.prepare("UPDATE outbox SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?1").bind(id).run();
    const [expired] = (await outbox(staff.headers, `?pid=${member.pid}`)).items;
    expect(expired).toMatchObject({ byHand: false, waMe: null });
    for (const action of ["open", "sent_by_hand", "retry"]) {
      const response = await postJson(`/api/admin/outbox/${id}/${action}`, {}, staff.headers);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: "This code has expired: the member can ask for a new one.", code: "CONFLICT" });
    }
  });

  it("says plainly that a message closed before it went (a deleted profile) cannot be sent, and why", async () => {
    const staff = await staffSession();
    const member = await signedInMember();
    const id = await queue(member.pid, "interest_received");
    expect((await postJson("/api/users/delete_profile", { password: member.password }, member.headers)).status).toBe(200);
    const [closed] = (await outbox(staff.headers, `?pid=${member.pid}`)).items;
    expect(closed).toMatchObject({ id, status: "failed", byHand: false, waMe: null });
    expect(closed?.problem).toEqual({ reason: "Not sent: the profile was deleted.", action: "Nothing to do: it can no longer be sent, by WhatsApp or by hand." });
    for (const action of ["open", "sent_by_hand", "retry"]) {
      const response = await postJson(`/api/admin/outbox/${id}/${action}`, {}, staff.headers);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ error: "This message can no longer be sent: Not sent: the profile was deleted.", code: "CONFLICT" });
    }
  });

  it("a message with a sign-in link keeps no token once marked sent by hand", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "interest_received", { token: "eyJwaWQiOjF9" });
    const { data } = await (await postJson(`/api/admin/outbox/${id}/sent_by_hand`, {}, staff.headers)).json<{ data: AdminOutboxMessage }>();
    expect(data.body).toContain("http://localhost/interest_link?link=[removed]");
    expect(data.body).not.toContain("eyJwaWQiOjF9");
  });

  it("refuses to retry, open or mark sent a message the Cloud API is sending right now, and says when to try again", async () => {
    const staff = await staffSession();
    // Only this message is due, so the deliverer takes it.
    await env.DB.prepare("DELETE FROM outbox").run();
    const member = await createMember();
    const id = await queue(member.pid, "interest_received");
    const wa = await testWhatsApp();
    await wa.setMode({ kind: "ok", delayMs: 1500 });
    const delivery = deliverOutbox(wa.env);
    for (let waited = 0; (await wa.received()).length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await wa.received()).toHaveLength(1);
    for (const action of ["retry", "open", "sent_by_hand"]) {
      const response = await postJson(`/api/admin/outbox/${id}/${action}`, {}, staff.headers);
      expect(response.status).toBe(409);
      const refusal = await response.json<{ error: string; code: string }>();
      expect(refusal.code).toBe("CONFLICT");
      // The delivery lease is 2 minutes (ADR 0009).
      const seconds = Number(/^This message is being sent right now\. Try again in (\d+) seconds\.$/.exec(refusal.error)?.[1]);
      expect(seconds).toBeGreaterThan(100);
      expect(seconds).toBeLessThanOrEqual(120);
    }
    expect((await delivery).sent).toBe(1);
    expect(await env.DB.prepare("SELECT status, attempts FROM outbox WHERE id = ?1").bind(id).first()).toEqual({ status: "sent", attempts: 1 });
    // Nothing made it due again: it went once.
    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 1000) })).claimed).toBe(0);
    expect(await wa.received()).toHaveLength(1);
  });

  it("retries a message backing off after a failed attempt at once", async () => {
    const staff = await staffSession();
    await env.DB.prepare("DELETE FROM outbox").run();
    const member = await createMember();
    const id = await queue(member.pid, "interest_received");
    const wa = await testWhatsApp();
    await wa.setMode({ kind: "error", status: 500, code: 1, message: "An unknown error occurred" });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await deliverOutbox(wa.env)).retrying).toBe(1);
    const response = await postJson(`/api/admin/outbox/${id}/retry`, {}, staff.headers);
    expect(response.status).toBe(200);
    expect((await response.json<{ data: AdminOutboxMessage }>()).data).toMatchObject({ id, status: "pending", attempts: 0 });
  });

  it("answers 404 for an unknown message and 400 for an id that is not one", async () => {
    const staff = await staffSession();
    expect((await postJson("/api/admin/outbox/999999/retry", {}, staff.headers)).status).toBe(404);
    expect((await postJson("/api/admin/outbox/x/retry", {}, staff.headers)).status).toBe(400);
  });
});

describe("GET /api/admin/outbox/summary and /inbound", () => {
  it("counts what waits and what failed, names template problems, and lists what members wrote", async () => {
    const staff = await staffSession();
    await env.DB.prepare("DELETE FROM outbox").run();
    const member = await createMember();
    await queue(member.pid, "interest_received");
    const failed = await queue(member.pid, "interest_received");
    await env.DB.prepare("UPDATE outbox SET status = 'failed', error_code = 132001, failed_at = ?2 WHERE id = ?1").bind(failed, new Date().toISOString()).run();

    const wa = await testWhatsApp({ templates: false });
    const mobile = (await env.DB.prepare("SELECT mobile FROM members WHERE pid = ?1").bind(member.pid).first<{ mobile: string }>())?.mobile ?? "";
    await wa.inbound(mobile, "Namaste, when will my code come?");
    await wa.deliverWebhooks(1);

    const summary = (await (await api("/api/admin/outbox/summary", { headers: staff.headers })).json<{ data: OutboxSummary }>()).data;
    expect(summary).toMatchObject({ waiting: 1, failed: 1, cloudApi: false, repliesToday: expect.any(Number) });
    expect(summary.repliesToday).toBeGreaterThanOrEqual(1);
    expect(summary.templateProblems).toEqual([
      {
        errorCode: 132001,
        count: 1,
        lastAt: expect.any(String),
        problem: expect.objectContaining({ reason: "The template does not exist in this language or is not approved yet." }),
      },
    ]);

    const inbound = (await (await api("/api/admin/outbox/inbound", { headers: staff.headers })).json<{ data: Paged<InboundMessage> }>()).data;
    const mine = inbound.items.find((message) => message.memberPid === member.pid);
    expect(mine).toMatchObject({ fromMobile: mobile, memberName: "Kommineni Lakshmi", profileName: "Member", type: "text", text: "Namaste, when will my code come?" });
    expect(Date.parse(mine?.windowOpenUntil ?? "") - Date.parse(mine?.receivedAt ?? "")).toBeGreaterThan(23 * 3_600_000);
  });
});

describe("who may use the outbox", () => {
  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember();
    const id = await queue(member.pid, "interest_received");
    for (const headers of [member.headers, {}]) {
      for (const path of ["/api/admin/outbox", "/api/admin/outbox/summary", "/api/admin/outbox/inbound"]) expect((await api(path, { headers })).status).toBe(401);
      for (const action of ["retry", "sent_by_hand", "open"]) expect((await postJson(`/api/admin/outbox/${id}/${action}`, {}, headers)).status).toBe(401);
    }
    expect(await env.DB.prepare("SELECT status FROM outbox WHERE id = ?1").bind(id).first()).toEqual({ status: "pending" });
  });
});
