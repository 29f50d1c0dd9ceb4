import { Hono } from "hono";
import type { AdminOutboxMessage, OutboxMessage, Paged } from "../../shared/admin-types.ts";
import { outboxQuery, recordIdField } from "../../shared/schemas/admin.ts";
import { getOutboxMessage, listOutbox, markSent, retryMessage } from "../db/outbox.ts";
import { auditEntry } from "../db/staff.ts";
import { type AppContext, type AppEnv } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { forStaff } from "../lib/whatsapp/manual-delivery.ts";
import { requireStaff } from "../middleware/auth.ts";
import { parseOrThrow, queryParams } from "../middleware/validate.ts";

// The outbox in the agency console (issue 7, ADR 0009): every WhatsApp
// message with its status; staff retry one, or send it by hand with the
// click-to-chat link and mark it sent. Mounted at /api/admin/outbox.

const messageId = recordIdField("This is not a message of the outbox");

async function messageOrNotFound(c: AppContext): Promise<OutboxMessage> {
  const message = await getOutboxMessage(c.env.DB, parseOrThrow(messageId, c.req.param("id")));
  if (!message) throw notFound("There is no such message in the outbox.");
  if (message.status === "sent") throw new ApiError(409, "CONFLICT", "This message was sent already.");
  return message;
}

const adminOutbox = new Hono<AppEnv>()
  .get("/", requireStaff(), queryParams(outboxQuery), async (c) => {
    const filter = c.req.valid("query");
    const { items, total } = await listOutbox(c.env.DB, filter);
    const page: Paged<AdminOutboxMessage> = { items: items.map(forStaff), total, page: filter.page, pageSize: filter.pageSize };
    return c.json({ data: page });
  })
  .post("/:id/retry", requireStaff(), async (c) => {
    const message = await messageOrNotFound(c);
    await c.env.DB.batch([
      retryMessage(c.env.DB, message.id, new Date()),
      auditEntry(
        c.env.DB,
        { staffId: c.var.staff.id, action: "retry_message", target: String(message.id), before: { status: message.status, attempts: message.attempts } },
        { onlyIfPreviousChanged: true },
      ),
    ]);
    deliverOutboxSoon(c);
    const retried = await getOutboxMessage(c.env.DB, message.id);
    if (!retried) throw notFound("There is no such message in the outbox.");
    return c.json({ data: forStaff(retried) });
  })
  .post("/:id/sent_by_hand", requireStaff(), async (c) => {
    const message = await messageOrNotFound(c);
    await c.env.DB.batch([
      markSent(c.env.DB, message, null, new Date()),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "sent_by_hand", target: String(message.id), before: { status: message.status } }, { onlyIfPreviousChanged: true }),
    ]);
    const sent = await getOutboxMessage(c.env.DB, message.id);
    if (!sent) throw notFound("There is no such message in the outbox.");
    return c.json({ data: forStaff(sent) });
  });

export default adminOutbox;
