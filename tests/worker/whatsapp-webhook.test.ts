import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminMember } from "#shared/admin-types.ts";
import { interestReceivedMessage } from "#shared/whatsapp-messages.ts";
import { enqueueMessage, getOutboxMessage } from "#worker/db/outbox.ts";
import { deliverOutbox } from "#worker/lib/whatsapp/deliver-outbox.ts";
import { api, createMember, postJson, staffSession, watchD1, withinOneLimitWindow } from "./setup/fixtures.ts";
import { testWhatsApp, type TestWhatsApp } from "./setup/whatsapp.ts";

// GET and POST /api/whatsapp/webhook (ADR 0020): Meta's check of the endpoint,
// the signature over the raw body, receipts and members' messages.

const APP_SECRET = "test-whatsapp-app-secret";
let wa: TestWhatsApp;

async function sign(body: string, secret = APP_SECRET): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function post(body: string, signature?: string): Promise<Response> {
  return api("/api/whatsapp/webhook", { method: "POST", headers: { "Content-Type": "application/json", ...(signature ? { "X-Hub-Signature-256": signature } : {}) }, body });
}

/** A webhook body as Meta writes it: one inbound text message. */
function inboundBody(from: string, text: string, wamid: string): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550001111", phone_number_id: "1" },
              contacts: [{ profile: { name: "Lakshmi" }, wa_id: from }],
              messages: [{ from, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
}

const inboundCount = async (wamid: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM whatsapp_inbound WHERE wamid = ?1").bind(wamid).first<{ n: number }>())?.n;

beforeEach(async () => {
  wa = await testWhatsApp();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /api/whatsapp/webhook", () => {
  it("echoes Meta's challenge when the verify token matches, and answers 403 otherwise", async () => {
    const ok = await api("/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    for (const query of [
      "hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1",
      "hub.mode=unsubscribe&hub.verify_token=test-verify-token&hub.challenge=1",
      "hub.challenge=1",
      "",
    ]) {
      expect((await api(`/api/whatsapp/webhook?${query}`)).status).toBe(403);
    }
  });
});

describe("POST /api/whatsapp/webhook", () => {
  it("reads a body signed with the app secret, and nothing of one unsigned or signed wrongly", async () => {
    const body = inboundBody("919812345678", "Namaste", "wamid.sig-1");
    for (const signature of [undefined, "sha256=", `sha256=${"0".repeat(64)}`, await sign(body, "another-secret"), (await sign(body)).replace("sha256=", "sha1=")]) {
      const refused = await post(body, signature);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: "The signature does not match the body.", code: "UNAUTHENTICATED" });
    }
    expect(await inboundCount("wamid.sig-1")).toBe(0);
    expect((await post(body, await sign(body))).status).toBe(200);
    expect(await inboundCount("wamid.sig-1")).toBe(1);
  });

  it("checks the signature over the raw bytes, as Meta escapes them, not over the JSON written again", async () => {
    // Meta escapes "/" and non-ASCII letters; the same JSON written again by JSON.stringify would not.
    const raw = inboundBody("919812345679", "PLACEHOLDER", "wamid.raw-1").replace("PLACEHOLDER", "Caf\\u00e9 at 5\\/6 Benz Circle @ 5 pm");
    expect(raw).not.toBe(JSON.stringify(JSON.parse(raw)));
    expect((await post(raw, await sign(JSON.stringify(JSON.parse(raw))))).status).toBe(401);
    expect((await post(raw, await sign(raw))).status).toBe(200);
    const row = await env.DB.prepare("SELECT text FROM whatsapp_inbound WHERE wamid = 'wamid.raw-1'").first<{ text: string }>();
    expect(row?.text).toBe("Café at 5/6 Benz Circle @ 5 pm");
  });

  it("records a member's message once however often Meta sends it, linked to the member, and opens their window", async () => {
    const member = await createMember();
    const digits = `9190000${String(member.pid).padStart(5, "0")}`;
    const body = inboundBody(digits, "When will my code arrive?", "wamid.replay-1");
    for (let i = 0; i < 3; i++) expect((await post(body, await sign(body))).status).toBe(200);
    expect(await inboundCount("wamid.replay-1")).toBe(1);
    const row = await env.DB.prepare("SELECT member_pid, profile_name, text FROM whatsapp_inbound WHERE wamid = 'wamid.replay-1'").first();
    expect(row).toEqual({ member_pid: member.pid, profile_name: "Lakshmi", text: "When will my code arrive?" });

    // Inside the window the next message goes as free text.
    const text = interestReceivedMessage("en", {
      agency: "Sri Lakshmi Marriage Bureau",
      fromPid: 1,
      toPid: member.pid,
      origin: "https://agency.example",
      path: "interest_link?link=t",
    });
    await enqueueMessage(env.DB, { memberPid: member.pid, toMobile: `+${digits}`, kind: "interest_received", language: "en", ...text }).run();
    await deliverOutbox(wa.env);
    const [sent] = await wa.messagesTo(`+${digits}`);
    expect(sent?.type).toBe("text");

    // The member's record shows what they wrote.
    const staff = await staffSession();
    const record = (await (await api(`/api/admin/members/${member.pid}`, { headers: staff.headers })).json<{ data: AdminMember }>()).data;
    expect(record.inbound).toEqual([expect.objectContaining({ wamid: "wamid.replay-1", text: "When will my code arrive?", memberPid: member.pid })]);
  });

  it("answers 400 for a signed body that is not JSON, 413 for one too large, and ignores what it does not know", async () => {
    expect((await post("not json", await sign("not json"))).status).toBe(400);
    const unknown = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            { field: "account_update", value: {} },
            { field: "messages", value: { statuses: [{ id: "wamid.nobody", status: "delivered", timestamp: "1" }] } },
          ],
        },
      ],
    });
    expect((await post(unknown, await sign(unknown))).status).toBe(200);
    // A receipt of a send no message carries is not kept (ADR 0020).
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM whatsapp_statuses WHERE wamid = 'wamid.nobody'").first()).toEqual({ n: 0 });
    const huge = "x".repeat(3 * 1024 * 1024 + 1);
    expect((await post(huge, await sign(huge))).status).toBe(413);
  });

  it("reads a signed body of 1,000 receipts, larger than the 64 KB the rest of the API accepts", async () => {
    const at = String(Math.floor(Date.now() / 1000));
    const statuses = Array.from({ length: 1000 }, (_, index) => ({ id: `wamid.thousand-${index}`, status: "delivered", timestamp: at, recipient_id: "919000000000" }));
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "waba-1", changes: [{ field: "messages", value: { statuses } }] }] });
    expect(body.length).toBeGreaterThan(64 * 1024);
    const response = await post(body, await sign(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { receipts: 1000, inbound: 0 } });
  });

  it("is not counted against the API's limit per address: Meta's shared addresses call it, its signature guards it (ADR 0014)", async () => {
    await withinOneLimitWindow();
    const body = inboundBody("919000000001", "Hello", "wamid.unthrottled");
    const signature = await sign(body);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const response = await api(
        "/api/whatsapp/webhook",
        { method: "POST", headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature, "CF-Connecting-IP": "192.0.2.91" }, body },
        { ...env, API_LIMIT: env.TEST_TIGHT_LIMIT },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // The same address is still limited on the rest of the API.
    const others = [];
    for (let i = 0; i < 4; i++) others.push((await api("/api/stars", { headers: { "CF-Connecting-IP": "192.0.2.91" } }, { ...env, API_LIMIT: env.TEST_TIGHT_LIMIT })).status);
    expect(others).toEqual([200, 200, 200, 429]);
  });

  it("reads a body of hundreds of receipts in a few D1 calls, each folded into its message once", async () => {
    // Three codes sent; their receipts arrive among 247 of messages this outbox never sent.
    const sent: number[] = [];
    for (let index = 0; index < 3; index++) {
      const member = await createMember();
      await postJson("/api/users/password_reset", { pid: member.pid, mobile: `+9190000${String(member.pid).padStart(5, "0")}` });
      const row = await env.DB.prepare("SELECT id FROM outbox WHERE member_pid = ?1").bind(member.pid).first<{ id: number }>();
      sent.push(row?.id ?? 0);
    }
    await deliverOutbox(wa.env);
    const wamids = await Promise.all(sent.map(async (id) => (await getOutboxMessage(env.DB, id))?.providerMessageId));
    const at = String(Math.floor(Date.now() / 1000));
    const statuses = [
      ...Array.from({ length: 247 }, (_, index) => ({ id: `wamid.elsewhere-${index}`, status: "delivered", timestamp: at, recipient_id: "919000000000" })),
      ...wamids.map((id) => ({ id, status: "delivered", timestamp: at, recipient_id: "919000000000" })),
    ];
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-1",
          changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "15550001111", phone_number_id: "1" }, statuses } }],
        },
      ],
    });

    const watch = watchD1();
    const response = await post(body, await sign(body));
    watch.restore();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { receipts: 250, inbound: 0 } });
    // Two statements per receipt and two per round (messages that failed after their number
    // changed follow it), batched 100 receipts at a time, then a read and a clean-up of what they
    // changed (and the request's own few calls), where one round per receipt made over 500:
    // D1 allows 1,000 calls per Worker invocation, and Meta puts up to 1,000 updates in a body.
    const rounds = Math.ceil(statuses.length / 100);
    const alone = watch.statements() - 2 * statuses.length - 2 * rounds;
    expect(watch.batches() + alone).toBeLessThanOrEqual(3 * rounds + 3);
    for (const id of sent) {
      const message = await getOutboxMessage(env.DB, id);
      expect(message).toMatchObject({ status: "delivered", params: null });
      expect(message?.deliveredAt).not.toBeNull();
      // The delivered code's text goes with its parameters.
      expect(message?.body).not.toMatch(/\d{6}/);
    }
    // Receipts of sends no message carries, with nothing being sent, are not kept (ADR 0020).
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM whatsapp_statuses WHERE wamid LIKE 'wamid.elsewhere-%'").first<{ n: number }>();
    expect(kept?.n).toBe(0);

    // Meta sends the same body again: nothing is recorded twice.
    expect((await post(body, await sign(body))).status).toBe(200);
    const again = await env.DB.prepare("SELECT COUNT(*) AS n FROM whatsapp_statuses WHERE wamid IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(wamids))
      .first<{ n: number }>();
    expect(again?.n).toBe(3);
  });

  it("flags a member whose code never reached them, with the reason and what to do", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const mobile = `+9190000${String(member.pid).padStart(5, "0")}`;
    await wa.setRecipient(mobile, { undeliverable: true });
    expect((await postJson("/api/users/password_reset", { pid: member.pid, mobile })).status).toBe(200);
    await deliverOutbox(wa.env);
    await wa.deliverWebhooks(1);

    const record = (await (await api(`/api/admin/members/${member.pid}`, { headers: staff.headers })).json<{ data: AdminMember }>()).data;
    expect(record.latestCode).toMatchObject({ kind: "forgot_password_code", status: "failed", flagged: true });
    expect(record.latestCode?.problem?.reason).toMatch(/^WhatsApp could not deliver to this number/);
    const message = await env.DB.prepare("SELECT id FROM outbox WHERE member_pid = ?1").bind(member.pid).first<{ id: number }>();
    expect(await getOutboxMessage(env.DB, message?.id ?? 0)).toMatchObject({ status: "failed", errorCode: 131026 });

    // A code that reached the phone is not flagged.
    const other = await createMember();
    const otherMobile = `+9190000${String(other.pid).padStart(5, "0")}`;
    await postJson("/api/users/password_reset", { pid: other.pid, mobile: otherMobile });
    await deliverOutbox(wa.env);
    await wa.deliverWebhooks(2);
    const fine = (await (await api(`/api/admin/members/${other.pid}`, { headers: staff.headers })).json<{ data: AdminMember }>()).data;
    expect(fine.latestCode).toMatchObject({ status: "delivered", flagged: false, problem: null });
  });
});
