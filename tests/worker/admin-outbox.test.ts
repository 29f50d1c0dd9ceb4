import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminOutboxMessage, Paged } from "../../shared/admin-types.ts";
import { enqueueMessage, REDACTED_PASSWORD_BODY } from "../../worker/db/outbox.ts";
import { api, createMember, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// The outbox in the agency console (issue 7). The Worker here has no
// WhatsApp configuration: messages wait for staff, as in a new agency.

async function queue(pid: number, kind: "password" | "interest_received", body: string): Promise<number> {
  const result = await enqueueMessage(env.DB, { memberPid: pid, toMobile: "+919876543210", kind, body }).run();
  return result.meta.last_row_id;
}

async function outbox(headers: Record<string, string>, query = ""): Promise<Paged<AdminOutboxMessage>> {
  return (await (await api(`/api/admin/outbox${query}`, { headers })).json<{ data: Paged<AdminOutboxMessage> }>()).data;
}

describe("GET /api/admin/outbox", () => {
  it("lists messages newest first with their status and a click-to-chat link, filtered by member and status", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const first = await queue(member.pid, "interest_received", "Profile 1 is interested in your profile.");
    const second = await queue(member.pid, "password", "Your password is abc.");
    const page = await outbox(staff.headers, `?pid=${member.pid}`);
    expect(page.total).toBe(2);
    expect(page.items.map((message) => message.id)).toEqual([second, first]);
    expect(page.items[1]).toMatchObject({
      memberPid: member.pid,
      kind: "interest_received",
      status: "pending",
      waMe: `https://wa.me/919876543210?text=${encodeURIComponent("Profile 1 is interested in your profile.")}`,
    });
    expect((await outbox(staff.headers, `?pid=${member.pid}&status=sent`)).items).toEqual([]);
    const bad = await api("/api/admin/outbox?status=lost", { headers: staff.headers });
    expect(await bad.json()).toMatchObject({ fields: { status: "Choose pending, sent or failed" } });
  });
});

describe("POST /api/admin/outbox/{id}/retry and /sent_by_hand", () => {
  it("retries a failed message from a fresh attempt count", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "interest_received", "Hello");
    await env.DB.prepare("UPDATE outbox SET status = 'failed', attempts = 6, last_error = 'Recipient not on WhatsApp' WHERE id = ?1").bind(id).run();
    const response = await postJson(`/api/admin/outbox/${id}/retry`, {}, staff.headers);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: AdminOutboxMessage }>();
    // Without the Cloud API the retried message waits for staff again, with the reason.
    expect(data).toMatchObject({ id, status: "pending", attempts: 0 });
    expect(await env.DB.prepare("SELECT action, target FROM audit_log ORDER BY id DESC LIMIT 1").first()).toEqual({ action: "retry_message", target: String(id) });
  });

  it("marks a message sent by hand, removing a password from its text; a sent message is neither retried nor marked again", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "password", "Your password is abc.");
    const response = await postJson(`/api/admin/outbox/${id}/sent_by_hand`, {}, staff.headers);
    const { data } = await response.json<{ data: AdminOutboxMessage }>();
    expect(data).toMatchObject({ id, status: "sent", body: REDACTED_PASSWORD_BODY, waMe: null });
    expect(data.sentAt).not.toBeNull();
    for (const action of ["retry", "sent_by_hand"]) {
      const again = await postJson(`/api/admin/outbox/${id}/${action}`, {}, staff.headers);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: "This message was sent already.", code: "CONFLICT" });
    }
  });

  it("a message with a sign-in link keeps no token once marked sent by hand", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const id = await queue(member.pid, "interest_received", "Open http://localhost/interest_link?link=eyJwaWQiOjF9 to see the profile.");
    const { data } = await (await postJson(`/api/admin/outbox/${id}/sent_by_hand`, {}, staff.headers)).json<{ data: AdminOutboxMessage }>();
    expect(data.body).toBe("Open http://localhost/interest_link?link=[removed] to see the profile.");
  });

  it("answers 404 for an unknown message and 400 for an id that is not one", async () => {
    const staff = await staffSession();
    expect((await postJson("/api/admin/outbox/999999/retry", {}, staff.headers)).status).toBe(404);
    expect((await postJson("/api/admin/outbox/x/retry", {}, staff.headers)).status).toBe(400);
  });

  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember();
    const id = await queue(member.pid, "interest_received", "Hello");
    for (const headers of [member.headers, {}]) {
      expect((await api("/api/admin/outbox", { headers })).status).toBe(401);
      expect((await postJson(`/api/admin/outbox/${id}/retry`, {}, headers)).status).toBe(401);
      expect((await postJson(`/api/admin/outbox/${id}/sent_by_hand`, {}, headers)).status).toBe(401);
    }
    expect(await env.DB.prepare("SELECT status FROM outbox WHERE id = ?1").bind(id).first()).toEqual({ status: "pending" });
  });
});
