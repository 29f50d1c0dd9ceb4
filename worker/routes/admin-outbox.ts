import { Hono } from "hono";
import type { ApiSuccess } from "#shared/api-types.ts";
import type { AdminOutboxMessage, InboundMessage, OutboxSummary, Paged } from "#shared/admin-types.ts";
import { outboxQuery, recordIdField, inboundQuery } from "#shared/schemas/admin.ts";
import { TEMPLATE_ERROR_CODES, deliveryProblem } from "#shared/whatsapp-errors.ts";
import { isCodeKind } from "#shared/whatsapp-messages.ts";
import { logAccess } from "../db/access-log.ts";
import { countOutbox, getOutboxMessage, listOutbox, markSent, retryMessage, sendingUntil, type OutboxMessage } from "../db/outbox.ts";
import { auditEntry } from "../db/staff.ts";
import { countInboundSince, listInbound } from "../db/whatsapp-inbound.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { isCloudApiConfigured } from "../lib/whatsapp/config.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { forStaff, sendableByHand, whyClosed } from "../lib/whatsapp/manual-delivery.ts";
import { waMeLink } from "../lib/whatsapp/recipient.ts";
import { requireStaff } from "../middleware/auth.ts";
import { parseOrThrow, queryParams } from "../middleware/validate.ts";

// The outbox in the agency console (ADR 0009, ADR 0020), under
// /api/admin/outbox: every WhatsApp message with its delivery as WhatsApp
// users know it (sent, delivered, read, failed and why); staff retry one, or
// send it by hand with the click-to-chat link and mark it sent; and the
// messages members wrote to the agency's number.

const messageId = recordIdField("This is not a message of the outbox");
const NO_MESSAGE = "There is no such message in the outbox.";

async function messageOrNotFound(c: AppContext): Promise<OutboxMessage> {
  const message = await getOutboxMessage(c.env.DB, parseOrThrow(messageId, c.req.param("id")));
  if (!message) throw notFound(NO_MESSAGE);
  return message;
}

/**
 * A message staff act on by hand: not gone out yet, its code still valid,
 * and not being sent by the Cloud API right now (a deliverer's lease runs,
 * ADR 0009): making it due again or sending it by hand then would send it twice.
 */
async function waitingMessage(c: AppContext): Promise<OutboxMessage> {
  const message = await messageOrNotFound(c);
  const now = new Date();
  if (!sendableByHand(message, now)) {
    const closed = whyClosed(message);
    if (closed !== null) throw new ApiError(409, "CONFLICT", `This message can no longer be sent: ${closed}`);
    throw new ApiError(
      409,
      "CONFLICT",
      message.status === "pending" || message.status === "failed" ? "This code has expired: the member can ask for a new one." : "This message was sent already.",
    );
  }
  const leaseEnds = await sendingUntil(c.env.DB, message.id, now);
  if (leaseEnds) {
    const seconds = Math.max(1, Math.ceil((leaseEnds.getTime() - now.getTime()) / 1000));
    throw new ApiError(409, "CONFLICT", `This message is being sent right now. Try again in ${seconds} seconds.`);
  }
  return message;
}

const adminOutbox = new Hono<AppEnv>()
  .get("/", requireStaff(), queryParams(outboxQuery), async (c) => {
    const filter = c.req.valid("query");
    const { items, total } = await listOutbox(c.env.DB, filter);
    const page: Paged<AdminOutboxMessage> = { items: items.map((message) => forStaff(message, c.var.staff)), total, page: filter.page, pageSize: filter.pageSize };
    return c.json({ data: page } satisfies ApiSuccess<Paged<AdminOutboxMessage>>);
  })
  .get("/summary", requireStaff(), async (c) => {
    const now = new Date();
    const [counts, repliesToday] = await Promise.all([countOutbox(c.env.DB, now, TEMPLATE_ERROR_CODES), countInboundSince(c.env.DB, new Date(now.getTime() - 86_400_000))]);
    const summary: OutboxSummary = {
      waiting: counts.waiting,
      failed: counts.failed,
      cloudApi: isCloudApiConfigured(c.env),
      templateProblems: counts.templateProblems.map((problem) => ({ ...problem, problem: deliveryProblem(problem.errorCode, true) })),
      repliesToday,
    };
    return c.json({ data: summary } satisfies ApiSuccess<OutboxSummary>);
  })
  .get("/inbound", requireStaff(), queryParams(inboundQuery), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { items, total } = await listInbound(c.env.DB, page, pageSize);
    const result: Paged<InboundMessage> = { items, total, page, pageSize };
    return c.json({ data: result } satisfies ApiSuccess<Paged<InboundMessage>>);
  })
  .post("/:id/retry", requireStaff(), async (c) => {
    const message = await waitingMessage(c);
    const [retried] = await c.env.DB.batch([
      retryMessage(c.env.DB, message.id, new Date()),
      auditEntry(
        c.env.DB,
        { staffId: c.var.staff.id, action: "retry_message", target: String(message.id), before: { status: message.status, attempts: message.attempts } },
        { onlyIfPreviousChanged: true },
      ),
    ]);
    // Changed nothing: a deliverer took it, or it went, since it was read; say which.
    if (retried?.meta.changes === 0) await waitingMessage(c);
    deliverOutboxSoon(c);
    const due = await getOutboxMessage(c.env.DB, message.id);
    if (!due) throw notFound(NO_MESSAGE);
    return c.json({ data: forStaff(due, c.var.staff) } satisfies ApiSuccess<AdminOutboxMessage>);
  })
  // A code's text is kept from staff who are not owners (ADR 0020); to send
  // one by hand they open it in WhatsApp through this call, which the audit
  // log records.
  .post("/:id/open", requireStaff(), async (c) => {
    const message = await waitingMessage(c);
    if (isCodeKind(message.kind)) {
      await auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "open_code_message", target: String(message.id), after: { memberPid: message.memberPid } }).run();
    }
    // Its text is a member's personal data: reading it is logged (ADR 0033).
    if (message.memberPid !== null) await logAccess(c.env.DB, { staffId: c.var.staff.id, pid: message.memberPid, action: "read_message" }).run();
    return c.json({ data: { waMe: waMeLink(message.toMobile, message.body) } } satisfies ApiSuccess<{ waMe: string }>);
  })
  .post("/:id/sent_by_hand", requireStaff(), async (c) => {
    const message = await waitingMessage(c);
    const [marked] = await c.env.DB.batch([
      ...markSent(c.env.DB, message, { providerMessageId: null, sentAs: null }, new Date()),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "sent_by_hand", target: String(message.id), before: { status: message.status } }, { onlyIfPreviousChanged: true }),
    ]);
    if (marked?.meta.changes === 0) await waitingMessage(c);
    const sent = await getOutboxMessage(c.env.DB, message.id);
    if (!sent) throw notFound(NO_MESSAGE);
    return c.json({ data: forStaff(sent, c.var.staff) } satisfies ApiSuccess<AdminOutboxMessage>);
  });

export default adminOutbox;
