import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import worker from "#worker/index.ts";
import {
  claimDueMessages,
  enqueueMessage,
  getOutboxMessage,
  listDueMessages,
  MAX_BODY_LENGTH,
  REDACTED_CODE_BODY,
  UNMATCHED_RECEIPT_MS,
  type NewOutboxMessage,
} from "#worker/db/outbox.ts";
import { deliveryProblem } from "#shared/whatsapp-errors.ts";
import { codeMessage, interestReceivedMessage, type OutboxKind, type WhatsAppMessage } from "#shared/whatsapp-messages.ts";
import type { WhatsAppEnv } from "#worker/lib/whatsapp/config.ts";
import {
  closeStaleMessages,
  deliverOutbox,
  deliverOutboxSoon,
  MAX_ATTEMPTS,
  NO_TEMPLATE_PARAMS_NOTE,
  NOT_CONFIGURED_NOTE,
  retryDelayMs,
} from "#worker/lib/whatsapp/deliver-outbox.ts";
import { forStaff } from "#worker/lib/whatsapp/manual-delivery.ts";
import { api, bearer, createMember, parentsOf, sendJson, signIn, staffSession, webhookSignature } from "./setup/fixtures.ts";
import { parentsForm } from "./setup/parents-form.ts";
import { SITE, TOKEN, standInUrl, templateOf, testWhatsApp, type TestWhatsApp } from "./setup/whatsapp.ts";

// Delivery runs against a real HTTP stand-in for the Cloud API (started by
// vitest's globalSetup in Node) that checks each request against Meta's
// documented shapes; each test uses its own phone-number id, with the
// product's templates submitted to it, so the stand-in's mode and its record
// of requests are the test's own.

const MINUTE = 60_000;

let wa: TestWhatsApp;
let sequence = 0;
let warn: MockInstance<typeof console.warn>;

async function mobileOf(pid: number): Promise<string> {
  const row = await env.DB.prepare("SELECT mobile FROM members WHERE pid = ?1").bind(pid).first<{ mobile: string }>();
  if (!row) throw new Error(`no member ${pid}`);
  return row.mobile;
}

/** An interest-received message, as send_interest writes it. */
function interestMessage(pid: number, token = `token${++sequence}`): WhatsAppMessage {
  return interestReceivedMessage("en", { agency: "Sri Lakshmi Marriage Bureau", fromPid: 10234, toPid: pid, origin: SITE, path: `interest_link?link=${token}` });
}

/** Writes one message for a new member and returns its id and the member's number. */
async function enqueue(
  kind: OutboxKind = "interest_received",
  text?: (pid: number) => WhatsAppMessage,
  extra: Partial<NewOutboxMessage> = {},
): Promise<{ id: number; pid: number; toMobile: string }> {
  const { pid } = await createMember();
  const toMobile = await mobileOf(pid);
  const message: NewOutboxMessage = { memberPid: pid, toMobile, kind, language: "en", ...(text ?? interestMessage)(pid), ...extra };
  const result = await enqueueMessage(env.DB, message).run();
  return { id: Number(result.meta.last_row_id), pid, toMobile };
}

/** A code message, as a password reset writes it. */
const codeText = (code: string) => (pid: number) =>
  codeMessage("en", { agency: "Sri Lakshmi Marriage Bureau", code, pid, purpose: "password", validity: { minutes: 10 }, url: `${SITE}/set_password?pid=${pid}` });

async function message(id: number) {
  const row = await getOutboxMessage(env.DB, id);
  if (!row) throw new Error(`no outbox message ${id}`);
  return row;
}

/** A signed webhook with one receipt of the send `providerMessageId`, as Meta posts it. */
async function postReceipt(providerMessageId: string | null, toMobile: string, status: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      { id: "waba", changes: [{ field: "messages", value: { messaging_product: "whatsapp", statuses: [{ id: providerMessageId, recipient_id: toMobile.slice(1), ...status }] } }] },
    ],
  });
  const response = await api("/api/whatsapp/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": await webhookSignature(body) },
    body,
  });
  expect(response.status).toBe(200);
}

/** The member wrote, so the outbox sends text; by the time WhatsApp tries, the window has closed (the stand-in never saw the message). */
async function windowClosesBeforeDelivery(toMobile: string): Promise<void> {
  await env.DB.prepare("INSERT INTO whatsapp_inbound (wamid, from_digits, type, received_at) VALUES (?1, ?2, 'text', ?3)")
    .bind(`wamid.inbound-${toMobile}`, toMobile.slice(1), new Date().toISOString())
    .run();
}

/** A moment safely after the messages just written became due (workerd's clock only moves on I/O). */
const soon = () => new Date(Date.now() + 1000);

/** Staff set a new WhatsApp number for the member (ADR 0022), as the console does; returns it. */
async function changeNumber(pid: number): Promise<string> {
  const digits = `79${String(pid).padStart(8, "0")}`;
  const staff = await staffSession();
  expect((await sendJson("PUT", `/api/admin/members/${pid}/parents`, { ...parentsOf(pid), mobile: digits }, staff.headers)).status).toBe(200);
  return `+91${digits}`;
}

beforeEach(async () => {
  // Storage is shared by the tests of this file: each starts with an empty outbox.
  await env.DB.prepare("DELETE FROM outbox").run();
  wa = await testWhatsApp();
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
    const text = interestMessage(pid);
    await env.DB.batch([
      env.DB.prepare("UPDATE members SET address = 'Vijayawada' WHERE pid = ?1").bind(pid),
      enqueueMessage(env.DB, { memberPid: pid, toMobile, kind: "interest_received", language: "te", ...text }),
    ]);
    const [due] = await listDueMessages(env.DB, soon(), 10);
    expect(due).toMatchObject({
      memberPid: pid,
      toMobile,
      kind: "interest_received",
      language: "te",
      body: text.body,
      params: text.params,
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
  });

  it("writes a member's news to the number they have when it is written, though the caller read it before a change; a code to the number it was made for", async () => {
    const { pid } = await createMember();
    // A route read the member's number, then staff set a new one before the route's batch ran.
    const readBefore = await mobileOf(pid);
    const newMobile = await changeNumber(pid);
    const news = await enqueueMessage(env.DB, { memberPid: pid, toMobile: readBefore, kind: "interest_received", language: "en", ...interestMessage(pid) }).run();
    expect(await message(Number(news.meta.last_row_id))).toMatchObject({ toMobile: newMobile });
    // A code to confirm a number goes to that number, which is not the member's yet.
    const proposed = `+9178${String(pid).padStart(8, "0")}`;
    const code = await enqueueMessage(env.DB, { memberPid: pid, toMobile: proposed, kind: "mobile_code", language: "en", ...codeText("602214")(pid) }).run();
    expect(await message(Number(code.meta.last_row_id))).toMatchObject({ toMobile: proposed });
  });

  it("refuses an empty body and one longer than the Cloud API takes", async () => {
    const { pid } = await createMember();
    const params = { body: [], button: "search" };
    expect(() => enqueueMessage(env.DB, { memberPid: pid, toMobile: "+919000000001", kind: "link", language: "en", body: "", params })).toThrow(RangeError);
    expect(() => enqueueMessage(env.DB, { memberPid: pid, toMobile: "+919000000001", kind: "link", language: "en", body: "x".repeat(MAX_BODY_LENGTH + 1), params })).toThrow(
      RangeError,
    );
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

  it("never claims a code after it expired", async () => {
    const now = soon();
    await enqueue("forgot_password_code", codeText("482913"), { expiresAt: new Date(now.getTime() + 10 * MINUTE) });
    expect(await claimDueMessages(env.DB, new Date(now.getTime() + 10 * MINUTE), new Date(now.getTime() + 12 * MINUTE), 10)).toEqual([]);
  });

  it("backs off 1 min, 5 min, 30 min, 2 h, 6 h and gives up after the sixth attempt", () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE, null]);
    expect(MAX_ATTEMPTS).toBe(6);
  });
});

describe("deliverOutbox with the Cloud API configured", () => {
  it("sends what the business starts as its approved template, with the link as the button's parameter", async () => {
    const { id, pid, toMobile } = await enqueue("interest_received", (member) => interestMessage(member, "eyJwaWQiOjF9"));
    expect(toMobile).toMatch(/^\+91\d{10}$/);

    const report = await deliverOutbox(wa.env);
    expect(report).toEqual({ configured: true, claimed: 1, sent: 1, retrying: 0, failed: 0, held: 0 });

    const [request, ...others] = await wa.received();
    expect(others).toEqual([]);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe(`/v21.0/${wa.phoneNumberId}/messages`);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: toMobile.slice(1),
      type: "template",
      template: {
        name: "interest_received",
        language: { code: "en_IN" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Sri Lakshmi Marriage Bureau" },
              { type: "text", text: "10234" },
              { type: "text", text: String(pid) },
            ],
          },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "interest_link?link=eyJwaWQiOjF9" }] },
        ],
      },
    });

    const sent = await message(id);
    expect(sent).toMatchObject({ status: "sent", sentAs: "template", attempts: 1, lastError: null });
    expect(sent.providerMessageId).toMatch(/^wamid\.stand-in-\d+$/);
    expect(Date.parse(sent.sentAt ?? "")).not.toBeNaN();
    // Until WhatsApp confirms delivery the link stays, to be sent by hand if it fails.
    expect(sent.params).not.toBeNull();
    await wa.deliverWebhooks(2);
    // Delivered: the link's token leaves the stored text, and the parameters go.
    const delivered = await message(id);
    expect(delivered).toMatchObject({ status: "delivered", params: null });
    expect(delivered.body).toContain(`${SITE}/interest_link?link=[removed]`);
    expect(delivered.body).not.toContain("eyJwaWQiOjF9");
  });

  it("sends the template in the member's language, under the configured name and language code", async () => {
    const { toMobile } = await enqueue("interest_received", undefined, { language: "te" });
    const renamed: Env & WhatsAppEnv = { ...wa.env, WHATSAPP_LANGUAGE_TE: "te" };
    expect((await deliverOutbox(renamed)).sent).toBe(1);
    const [body] = await wa.messagesTo(toMobile);
    expect(templateOf(body ?? {})).toMatchObject({ name: "interest_received", language: "te" });

    // A name the business account does not have: the stand-in answers 132001, as the Cloud API does.
    const { id } = await enqueue();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await deliverOutbox({ ...wa.env, WHATSAPP_TEMPLATE_INTEREST_RECEIVED: "interest_received_v2" })).failed).toBe(1);
    expect(await message(id)).toMatchObject({ status: "failed", errorCode: 132001, attempts: 1 });
  });

  it("sends a one-time code as the authentication template, the code repeated in the copy-code button", async () => {
    const { id, toMobile } = await enqueue("forgot_password_code", codeText("482913"), { expiresAt: new Date(Date.now() + 10 * MINUTE) });
    // Even inside the member's window: a code never goes as free text.
    await wa.inbound(toMobile, "Hello");
    await wa.deliverWebhooks(1);
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    const [body] = await wa.messagesTo(toMobile);
    expect(templateOf(body ?? {})).toEqual({ name: "verification_code", language: "en_IN", body: ["482913"], button: "482913" });
    await wa.deliverWebhooks(2);
    const delivered = await message(id);
    expect(delivered).toMatchObject({ status: "delivered", body: REDACTED_CODE_BODY, params: null });
    expect(JSON.stringify(delivered)).not.toContain("482913");
  });

  it("sends free text inside the member's 24-hour window, the template outside it", async () => {
    const inside = await enqueue("interest_received", (pid) => interestMessage(pid, "tok-inside"));
    await wa.inbound(inside.toMobile, "Namaste, I have a question about my profile");
    await wa.deliverWebhooks(1);
    const outside = await enqueue();

    expect((await deliverOutbox(wa.env)).sent).toBe(2);
    const [text] = await wa.messagesTo(inside.toMobile);
    expect(text).toMatchObject({ type: "text", text: { preview_url: true } });
    expect(text?.text).toEqual({ preview_url: true, body: interestMessage(inside.pid, "tok-inside").body });
    expect(await message(inside.id)).toMatchObject({ status: "sent", sentAs: "text" });
    const [template] = await wa.messagesTo(outside.toMobile);
    expect(template?.type).toBe("template");
    expect(await message(outside.id)).toMatchObject({ status: "sent", sentAs: "template" });
  });

  it("moves a message to delivered and read with WhatsApp's receipts, never back, each receipt counted once", async () => {
    const { id, toMobile } = await enqueue();
    await wa.setRecipient(toMobile, { reads: true });
    await deliverOutbox(wa.env);
    const receipts = await wa.webhooks(3);
    expect(receipts).toHaveLength(3);
    // Out of order, and again (Meta retries for 36 hours): read first, then delivered, then sent.
    for (const webhook of [...receipts].reverse().concat(receipts)) {
      const response = await api("/api/whatsapp/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": webhook.signature },
        body: webhook.body,
      });
      expect(response.status).toBe(200);
    }
    const read = await message(id);
    expect(read).toMatchObject({ status: "read" });
    expect(read.deliveredAt).not.toBeNull();
    expect(read.readAt).not.toBeNull();
    const counted = await env.DB.prepare("SELECT status FROM whatsapp_statuses WHERE wamid = ?1 ORDER BY status").bind(read.providerMessageId).all<{ status: string }>();
    expect(counted.results.map((row) => row.status)).toEqual(["delivered", "read", "sent"]);
  });

  it("sends the template at once when the text meets a closed window (131047), and never the text again", async () => {
    const { id, toMobile } = await enqueue();
    await windowClosesBeforeDelivery(toMobile);
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    expect(await message(id)).toMatchObject({ status: "sent", sentAs: "text" });
    await wa.deliverWebhooks(1);
    expect(await message(id)).toMatchObject({ status: "pending" });

    expect((await deliverOutbox(wa.env, { now: soon() })).sent).toBe(1);
    const [text, template] = await wa.messagesTo(toMobile);
    expect(text?.type).toBe("text");
    expect(template?.type).toBe("template");
    expect(await message(id)).toMatchObject({ status: "sent", sentAs: "template" });
  });

  it("sends the template when Meta posts the closed-window receipt (131047) again after the webhook failed before reacting to it", async () => {
    const { id, toMobile } = await enqueue();
    await windowClosesBeforeDelivery(toMobile);
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    const [webhook] = await wa.webhooks(1);
    if (!webhook) throw new Error("no receipt");
    const post = () =>
      api("/api/whatsapp/webhook", { method: "POST", headers: { "Content-Type": "application/json", "X-Hub-Signature-256": webhook.signature }, body: webhook.body });
    // D1 fails after the receipt was recorded, before its reaction is written (the webhook's second batch).
    const withSession = env.DB.withSession.bind(env.DB);
    vi.spyOn(env.DB, "withSession").mockImplementationOnce((constraint) => {
      const session = withSession(constraint);
      let batches = 0;
      return new Proxy(session, {
        get(target, name) {
          if (name !== "batch") return Reflect.get(target, name);
          return (statements: D1PreparedStatement[]) => {
            batches += 1;
            if (batches === 2) return Promise.reject(new Error("D1 is unavailable"));
            return target.batch(statements);
          };
        },
      });
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await post()).status).toBe(500);
    expect(await message(id)).toMatchObject({ status: "failed", errorCode: 131047 });

    // Meta retries the body: the receipt is known, its message still failed, so the reaction is made now.
    expect((await post()).status).toBe(200);
    expect(await message(id)).toMatchObject({ status: "pending" });
    expect((await deliverOutbox(wa.env, { now: soon() })).sent).toBe(1);
    expect((await wa.messagesTo(toMobile)).map((sent) => sent.type)).toEqual(["text", "template"]);
    // A third copy changes nothing: the template went, and its send is not the failed one.
    expect((await post()).status).toBe(200);
    expect(await message(id)).toMatchObject({ status: "sent", sentAs: "template" });
  });

  it("sends the template when the text's closed-window receipt (131047) came before the send was recorded", async () => {
    const { id, toMobile } = await enqueue();
    await windowClosesBeforeDelivery(toMobile);
    // WhatsApp's receipt reaches the webhook between its answer to the send and the deliverer's record of it.
    const realFetch = globalThis.fetch;
    let receiptFirst = true;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      if (receiptFirst && new Request(input, init).url.endsWith("/messages")) {
        receiptFirst = false;
        await wa.deliverWebhooks(1);
      }
      return response;
    });
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    expect(receiptFirst).toBe(false);
    expect(await message(id)).toMatchObject({ status: "pending", errorCode: 131047, providerMessageId: null });

    expect((await deliverOutbox(wa.env, { now: soon() })).sent).toBe(1);
    expect((await wa.messagesTo(toMobile)).map((sent) => sent.type)).toEqual(["text", "template"]);
    expect(await message(id)).toMatchObject({ status: "sent", sentAs: "template" });
    // The receipt is the text's, whose send was recorded: the housekeeping of receipts no send recorded leaves it.
    await closeStaleMessages(env, new Date(Date.now() + UNMATCHED_RECEIPT_MS + MINUTE));
    const receipts = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM whatsapp_statuses WHERE status = 'failed' AND wamid IN (SELECT earlier.value FROM outbox, json_each(outbox.earlier_wamids) AS earlier WHERE outbox.id = ?1)",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(receipts?.n).toBe(1);
  });

  it("keeps a receipt of a send no message carries only while a send is under way, and only until that send could have recorded it", async () => {
    await enqueue();
    // A deliverer has taken the message and is sending it: the receipt may be of its send.
    expect(await claimDueMessages(env.DB, soon(), new Date(Date.now() + 2 * MINUTE), 10)).toHaveLength(1);
    await postReceipt("wamid.another-send", "+919876500000", { status: "delivered", timestamp: String(Math.floor(Date.now() / 1000)) });
    const kept = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM whatsapp_statuses WHERE wamid = 'wamid.another-send'").first<{ n: number }>())?.n;
    expect(await kept()).toBe(1);
    await closeStaleMessages(env, new Date(Date.now() + UNMATCHED_RECEIPT_MS - MINUTE));
    expect(await kept()).toBe(1);
    // No send recorded it: it goes.
    expect((await closeStaleMessages(env, new Date(Date.now() + UNMATCHED_RECEIPT_MS + MINUTE))).unmatchedReceipts).toBeGreaterThanOrEqual(1);
    expect(await kept()).toBe(0);
  });

  it("sends the template of a text refused for the closed window (131047) to the member's new number when the number changed while the text was on its way", async () => {
    const { id, pid, toMobile } = await enqueue();
    await windowClosesBeforeDelivery(toMobile);
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    // Sent, so not among the messages waiting that a new number takes along (followNumberChange).
    const newMobile = await changeNumber(pid);
    expect(await message(id)).toMatchObject({ status: "sent", toMobile });
    await wa.deliverWebhooks(1);
    expect(await message(id)).toMatchObject({ status: "pending", templateOnly: true, toMobile: newMobile });

    expect((await deliverOutbox(wa.env, { now: soon() })).sent).toBe(1);
    expect((await wa.messagesTo(toMobile)).map((sent) => sent.type)).toEqual(["text"]);
    expect((await wa.messagesTo(newMobile)).map((sent) => sent.type)).toEqual(["template"]);
  });

  it("sends a message again after a receipt's failure to the member's new number when the number changed while it was on its way", async () => {
    const { id, pid, toMobile } = await enqueue();
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    const newMobile = await changeNumber(pid);
    await postReceipt((await message(id)).providerMessageId, toMobile, {
      status: "failed",
      timestamp: String(Math.floor(Date.now() / 1000)),
      errors: [{ code: 131000, title: "Something went wrong" }],
    });
    expect(await message(id)).toMatchObject({ status: "pending", toMobile: newMobile });
    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 2 * MINUTE) })).sent).toBe(1);
    expect(await wa.messagesTo(toMobile)).toHaveLength(1);
    expect(await wa.messagesTo(newMobile)).toHaveLength(1);
  });

  it("leaves a failure that ends a message, reported after the number changed, for staff to send to the new number", async () => {
    const { id, pid, toMobile } = await enqueue();
    await wa.setRecipient(toMobile, { undeliverable: true });
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    const newMobile = await changeNumber(pid);
    await wa.deliverWebhooks(1);
    const failed = await message(id);
    expect(failed).toMatchObject({ status: "failed", errorCode: 131026, toMobile: newMobile });
    expect(forStaff(failed, { role: "owner" })).toMatchObject({ byHand: true, waMe: expect.stringContaining(`wa.me/${newMobile.slice(1)}`) });
  });

  it("never sends a code again to the number the member gave up, when its failure is reported after the change", async () => {
    const { id, pid, toMobile } = await enqueue("forgot_password_code", codeText("480213"), { expiresAt: new Date(Date.now() + 10 * MINUTE) });
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    await changeNumber(pid);
    await postReceipt((await message(id)).providerMessageId, toMobile, {
      status: "failed",
      timestamp: String(Math.floor(Date.now() / 1000)),
      errors: [{ code: 131000, title: "Something went wrong" }],
    });
    const closed = await message(id);
    expect(closed).toMatchObject({ status: "failed", toMobile, params: null, body: REDACTED_CODE_BODY });
    expect(forStaff(closed, { role: "owner" })).toMatchObject({ byHand: false, waMe: null });
    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 2 * MINUTE) })).claimed).toBe(0);
    expect(await wa.messagesTo(toMobile)).toHaveLength(1);
  });

  it("sends a code to confirm a new number again after a receipt's failure while the change waits for it", async () => {
    const member = await createMember();
    const headers = bearer(await signIn(member));
    const proposed = `+9178${String(member.pid).padStart(8, "0")}`;
    expect((await sendJson("PUT", "/api/profile_parents_data", parentsForm({ mobile: proposed }), headers)).status).toBe(200);
    const row = await env.DB.prepare("SELECT id FROM outbox WHERE member_pid = ?1 AND kind = 'mobile_code'").bind(member.pid).first<{ id: number }>();
    const id = row?.id ?? 0;
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    await postReceipt((await message(id)).providerMessageId, proposed, {
      status: "failed",
      timestamp: String(Math.floor(Date.now() / 1000)),
      errors: [{ code: 131000, title: "Something went wrong" }],
    });
    expect(await message(id)).toMatchObject({ status: "pending", toMobile: proposed });
    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 2 * MINUTE) })).sent).toBe(1);
    expect(await wa.messagesTo(proposed)).toHaveLength(2);
  });

  it("sends again a day after a failure reported later (131049), whatever receipts of the failed send come after it", async () => {
    const { id, toMobile } = await enqueue();
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    const failedSend = (await message(id)).providerMessageId;
    const at = Math.floor(Date.now() / 1000);
    const receipt = (status: Record<string, unknown>) => postReceipt(failedSend, toMobile, status);
    await receipt({ status: "failed", timestamp: String(at), errors: [{ code: 131049, title: "This message was not delivered to maintain healthy ecosystem engagement." }] });
    expect(await message(id)).toMatchObject({ status: "pending", providerMessageId: null });
    // Meta's "sent" for the failed send, arriving after its failure (sent after failed is normal).
    await receipt({ status: "sent", timestamp: String(at - 1) });
    expect(await message(id)).toMatchObject({ status: "pending", providerMessageId: null });

    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 24 * 60 * MINUTE + 1000) })).sent).toBe(1);
    const resent = await message(id);
    expect(resent.status).toBe("sent");
    expect(resent.providerMessageId).not.toBe(failedSend);
    expect(await wa.messagesTo(toMobile)).toHaveLength(2);
  });

  it("waits as long after a receipt's limit (131056) as after an answer's: the back-off of the attempts made, when longer", async () => {
    await wa.setMode({ kind: "error", status: 500, code: 1, message: "An unknown error occurred" });
    const { id, toMobile } = await enqueue();
    let now = soon();
    for (let attempt = 1; attempt <= 2; attempt++) {
      await deliverOutbox(wa.env, { now });
      now = new Date((await message(id)).nextAttemptAt as string);
    }
    await wa.setMode({ kind: "ok" });
    expect((await deliverOutbox(wa.env, { now })).sent).toBe(1);
    const third = await message(id);
    expect(third.attempts).toBe(3);
    const before = Date.now();
    await postReceipt(third.providerMessageId, toMobile, {
      status: "failed",
      timestamp: String(Math.floor(before / 1000)),
      errors: [{ code: 131056, title: "(Business Account, Consumer Account) pair rate limit hit" }],
    });
    const waiting = await message(id);
    expect(waiting.status).toBe("pending");
    // 30 minutes, the back-off after a third attempt (ADR 0009), not the pair limit's own 5.
    const delay = new Date(waiting.nextAttemptAt as string).getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(delay).toBeLessThan(31 * MINUTE);
  });

  it("backs off after a receipt's failure of a code the table does not name (131000) as after an answer's, and fails it for good after the last attempt", async () => {
    const { id, toMobile } = await enqueue();
    let now = soon();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect((await deliverOutbox(wa.env, { now })).sent).toBe(1);
      const sent = await message(id);
      expect(sent.attempts).toBe(attempt);
      const before = Date.now();
      await postReceipt(sent.providerMessageId, toMobile, {
        status: "failed",
        timestamp: String(Math.floor(before / 1000)),
        errors: [{ code: 131000, title: "Something went wrong" }],
      });
      const after = await message(id);
      if (attempt === MAX_ATTEMPTS) break;
      expect(after).toMatchObject({ status: "pending", errorCode: 131000, providerMessageId: null });
      expect(forStaff(after, { role: "owner" }, now).problem).toEqual(deliveryProblem(131000, false));
      const due = new Date(after.nextAttemptAt as string);
      delays.push(Math.floor((due.getTime() - before) / MINUTE));
      now = due;
    }
    // The back-off of ADR 0009, attempt by attempt, as for the same error in the send's answer.
    expect(delays).toEqual([1, 5, 30, 120, 360]);
    const failed = await message(id);
    expect(failed).toMatchObject({ status: "failed", errorCode: 131000, attempts: MAX_ATTEMPTS });
    expect(forStaff(failed, { role: "owner" }, now).problem).toEqual({
      reason: "WhatsApp did not take the message, even after several tries.",
      action: "Send it by hand with Open in WhatsApp, then Mark as sent.",
    });
    expect((await deliverOutbox(wa.env, { now: new Date(now.getTime() + 24 * 60 * MINUTE) })).claimed).toBe(0);
    expect(await wa.messagesTo(toMobile)).toHaveLength(MAX_ATTEMPTS);
  });

  it("backs off after a failed receipt that names no error", async () => {
    const { id, toMobile } = await enqueue();
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    const before = Date.now();
    await postReceipt((await message(id)).providerMessageId, toMobile, { status: "failed", timestamp: String(Math.floor(before / 1000)) });
    const waiting = await message(id);
    expect(waiting).toMatchObject({ status: "pending", errorCode: null });
    const delay = new Date(waiting.nextAttemptAt as string).getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(MINUTE);
    expect(delay).toBeLessThan(2 * MINUTE);
    expect((await deliverOutbox(wa.env, { now: new Date(before + 2 * MINUTE) })).sent).toBe(1);
  });

  it("fails an undeliverable number at once (131026), with the reason for staff, keeps the code to send by hand, and does not retry", async () => {
    const { id, toMobile } = await enqueue("forgot_password_code", codeText("310925"), { expiresAt: new Date(Date.now() + 10 * MINUTE) });
    await wa.setRecipient(toMobile, { undeliverable: true });
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    await wa.deliverWebhooks(1);
    const failed = await message(id);
    expect(failed).toMatchObject({ status: "failed", errorCode: 131026, lastError: "Message undeliverable (Message Undeliverable.)" });
    expect(failed.body).toContain("310925");
    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 24 * 60 * MINUTE) })).claimed).toBe(0);
    expect(await wa.received()).toHaveLength(1);
  });

  it("backs off on the throughput limit (130429) and sends later", async () => {
    await wa.setMode({ kind: "error", status: 400, code: 130429, message: "Rate limit hit", details: "Cloud API message throughput has been reached." });
    const { id } = await enqueue();
    const now = soon();
    expect((await deliverOutbox(wa.env, { now })).retrying).toBe(1);
    expect(await message(id)).toMatchObject({ status: "pending", errorCode: 130429, nextAttemptAt: new Date(now.getTime() + MINUTE).toISOString() });
    await wa.setMode({ kind: "ok" });
    expect((await deliverOutbox(wa.env, { now: new Date(now.getTime() + MINUTE) })).sent).toBe(1);
  });

  it("backs off further while the limit lasts (130429), and after the last attempt tells staff to send it by hand", async () => {
    await wa.setMode({ kind: "error", status: 400, code: 130429, message: "Rate limit hit", details: "Cloud API message throughput has been reached." });
    const { id } = await enqueue();
    let now = soon();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverOutbox(wa.env, { now });
      const after = await message(id);
      if (after.status === "failed") break;
      const due = new Date(after.nextAttemptAt as string);
      delays.push((due.getTime() - now.getTime()) / MINUTE);
      expect(forStaff(after, { role: "owner" }, now).problem?.action).toMatch(/^Nothing: it is sent again automatically/);
      now = due;
    }
    expect(delays).toEqual([1, 5, 30, 120, 360]);
    const failed = await message(id);
    expect(failed).toMatchObject({ status: "failed", errorCode: 130429 });
    expect(forStaff(failed, { role: "owner" }, now).problem).toEqual({
      reason: "The agency's number reached WhatsApp's sending limit for the moment. It was still not sent after several tries.",
      action: "Send it by hand with Open in WhatsApp, then Mark as sent.",
    });
  });

  it("tells staff what to fix when WhatsApp refuses the agency's access (190), and keeps trying meanwhile", async () => {
    await wa.setMode({ kind: "error", status: 401, code: 190, message: "Error validating access token: Session has expired." });
    const { id } = await enqueue();
    expect((await deliverOutbox(wa.env, { now: soon() })).retrying).toBe(1);
    const waiting = await message(id);
    expect(waiting).toMatchObject({ status: "pending", errorCode: 190 });
    expect(forStaff(waiting, { role: "owner" }).problem).toEqual({
      reason: "WhatsApp refused the agency's access: the access token has expired or was revoked, lacks a permission, or the business account is locked.",
      action: "Renew the access token (WHATSAPP_ACCESS_TOKEN) or check the account in WhatsApp Manager. It is sent again automatically meanwhile.",
    });
    await wa.setMode({ kind: "ok" });
    expect((await deliverOutbox(wa.env, { now: new Date(Date.now() + 2 * MINUTE) })).sent).toBe(1);
  });

  it("fails a template problem for good (132000) and alerts staff in the log, without the parameters", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // One parameter short of the approved template.
    const { id } = await enqueue("interest_received", (pid) => ({
      ...interestMessage(pid),
      params: { body: ["Sri Lakshmi Marriage Bureau", "10234"], button: "interest_link?link=secret-token" },
    }));
    expect((await deliverOutbox(wa.env)).failed).toBe(1);
    expect(await message(id)).toMatchObject({ status: "failed", errorCode: 132000, attempts: 1 });
    const alert = String(error.mock.calls[0]?.[0]);
    expect(JSON.parse(alert)).toMatchObject({ kind: "whatsapp_template_problem", code: 132000, template: "interest_received", language: "en_IN" });
    expect(alert).not.toContain("secret-token");
  });

  it("retries an unknown error with back-off and marks the message failed after the last attempt", async () => {
    await wa.setMode({ kind: "error", status: 500, code: 1, message: "An unknown error occurred" });
    const { id } = await enqueue("forgot_password_code", codeText("771204"), { expiresAt: new Date(Date.now() + 3 * 86_400_000) });
    const delays = [1, 5, 30, 120, 360].map((minutes) => minutes * MINUTE);
    let now = soon();
    for (let attempt = 1; attempt <= 6; attempt++) {
      if (attempt > 1) {
        // Not due a second early.
        expect((await deliverOutbox(wa.env, { now: new Date(now.getTime() - 1000) })).claimed).toBe(0);
      }
      const report = await deliverOutbox(wa.env, { now });
      const row = await message(id);
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toBe("Cloud API error 1: (#1) An unknown error occurred (An unknown error occurred) (HTTP 500)");
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
    expect(await wa.received()).toHaveLength(6);
    expect((await deliverOutbox(wa.env, { now: new Date(now.getTime() + 24 * 60 * MINUTE) })).claimed).toBe(0);
    // The log of each failure never carries the code.
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings).toHaveLength(6);
    for (const warning of warnings) expect(warning).not.toContain("771204");
  });

  it("fails for good a message kept from before templates, without parameters, and says it cannot be sent by hand either", async () => {
    const { pid } = await createMember();
    const toMobile = await mobileOf(pid);
    // As migration 0012 kept a message still waiting: its text, no template parameters.
    const inserted = await env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body) VALUES (?1, ?2, 'interest_received', 'An earlier interest alert')")
      .bind(pid, toMobile)
      .run();
    const id = Number(inserted.meta.last_row_id);
    const now = soon();
    expect(await deliverOutbox(wa.env, { now })).toMatchObject({ claimed: 1, failed: 1, retrying: 0, sent: 0 });
    const failed = await message(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastError: NO_TEMPLATE_PARAMS_NOTE });
    expect(forStaff(failed, { role: "owner" }, now)).toMatchObject({
      byHand: false,
      waMe: null,
      problem: {
        reason: "This message was queued before WhatsApp templates were used: it has no template parameters, so the Cloud API cannot send it.",
        action: "It cannot be sent by hand from the console either. If it still matters, write to the member from the agency's phone.",
      },
    });
    // Never taken again: not after the lease, not days later.
    for (const later of [3 * MINUTE, 7 * 24 * 60 * MINUTE]) expect((await deliverOutbox(wa.env, { now: new Date(now.getTime() + later) })).claimed).toBe(0);
    expect(await wa.received()).toEqual([]);
  });

  it("gives up on a server that does not answer within the timeout and counts a failed attempt", async () => {
    await wa.setMode({ kind: "hang" });
    const { id } = await enqueue();
    const now = soon();
    const started = Date.now();
    const report = await deliverOutbox(wa.env, { now, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(report).toMatchObject({ claimed: 1, retrying: 1, sent: 0 });
    expect(await message(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "No answer from the Cloud API within 300 ms",
      nextAttemptAt: new Date(now.getTime() + MINUTE).toISOString(),
    });
    expect(await wa.received()).toHaveLength(1);
  });

  it("sends each message exactly once when deliverers run at the same time", async () => {
    await wa.setMode({ kind: "ok", delayMs: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await enqueue()).id);
    const now = soon();
    const reports = await Promise.all([1, 2, 3].map(() => deliverOutbox(wa.env, { now, limit: 4 })));
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(7);
    const recipients = (await wa.received()).map((r) => (JSON.parse(r.body) as { to: string }).to);
    expect(recipients).toHaveLength(7);
    expect(new Set(recipients).size).toBe(7);
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
  it("sends nothing, keeps messages pending for the console and logs each new one once, without its text", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { id, pid } = await enqueue("registration_code", codeText("390112"));
    const unconfigured: Env & WhatsAppEnv = { ...env, WHATSAPP_API_URL: standInUrl };

    expect(await deliverOutbox(unconfigured)).toEqual({ configured: false, claimed: 0, sent: 0, retrying: 0, failed: 0, held: 1 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    const logged = String(log.mock.calls[0]?.[0]);
    expect(JSON.parse(logged)).toEqual({ kind: "outbox_held", id, messageKind: "registration_code", memberPid: pid });
    expect(logged).not.toContain("390112");
    expect(await message(id)).toMatchObject({ status: "pending", attempts: 0, lastError: NOT_CONFIGURED_NOTE });

    // Announced once: the next run (the cron, five minutes later) is quiet.
    expect((await deliverOutbox(unconfigured)).held).toBe(0);
    expect(log).toHaveBeenCalledTimes(1);
    fetchSpy.mockRestore();

    // Once WhatsApp is configured, what is still pending goes out.
    expect((await deliverOutbox(wa.env)).sent).toBe(1);
    expect(await message(id)).toMatchObject({ status: "sent", lastError: null });
  });
});

describe("secrets in the outbox", () => {
  it("fails a code that expired unsent and removes its text", async () => {
    const now = new Date();
    const { id } = await enqueue("registration_code", codeText("551903"), { expiresAt: new Date(now.getTime() + 3 * 86_400_000) });
    expect(await closeStaleMessages(env, new Date(now.getTime() + 3 * 86_400_000 - 1000))).toEqual({ expired: 0, cleaned: 0, unmatchedReceipts: 0 });
    expect(await closeStaleMessages(env, new Date(now.getTime() + 3 * 86_400_000 + 1000))).toEqual({ expired: 1, cleaned: 0, unmatchedReceipts: 0 });
    const expired = await message(id);
    expect(expired).toMatchObject({ status: "failed", body: REDACTED_CODE_BODY, params: null });
    expect(JSON.stringify(expired)).not.toContain("551903");
  });

  it("removes sign-in tokens from messages never sent after 7 days", async () => {
    const { id } = await enqueue("interest_received", (pid) => interestMessage(pid, "live-token-123"));
    const created = Date.parse((await message(id)).createdAt);
    expect((await closeStaleMessages(env, new Date(created + 6 * 86_400_000))).cleaned).toBe(0);
    expect((await closeStaleMessages(env, new Date(created + 7 * 86_400_000 + 1000))).cleaned).toBe(1);
    const cleaned = await message(id);
    expect(cleaned).toMatchObject({ status: "failed", params: null });
    expect(cleaned.body).toContain("link=[removed]");
    expect(JSON.stringify(cleaned)).not.toContain("live-token-123");
  });
});

describe("delivery triggers", () => {
  it("deliverOutboxSoon sends through the request's execution context", async () => {
    const { id } = await enqueue();
    const ctx = createExecutionContext();
    deliverOutboxSoon({ env: wa.env, executionCtx: ctx });
    await waitOnExecutionContext(ctx);
    expect((await message(id)).status).toBe("sent");
  });

  it("deliverOutboxSoon leaves the message to the cron when the request has no execution context", async () => {
    const { id } = await enqueue();
    const context = {
      env: wa.env,
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
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" }), wa.env);

    for (const id of ids) expect((await message(id)).status).toBe("sent");
    expect(await message(backingOff.id)).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: later });
    expect(await wa.received()).toHaveLength(12);
  });
});
