import { Hono } from "hono";
import type { ApiSuccess } from "#shared/api-types.ts";
import { bodyLimit } from "hono/body-limit";
import { recordReceipts } from "../db/outbox.ts";
import { insertInbound } from "../db/whatsapp-inbound.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import type { WhatsAppEnv } from "../lib/whatsapp/config.ts";
import { deliverOutboxSoon, reactionToFailedReceipt } from "../lib/whatsapp/deliver-outbox.ts";
import { hasValidSignature, readWebhook, sameSecret } from "../lib/whatsapp/webhook.ts";

// GET and POST /api/whatsapp/webhook (ADR 0020): Meta's verification of the
// endpoint, then delivery receipts and the messages members write to the
// agency's number. Only a body signed with the app secret is read; nothing
// of an unsigned one is recorded.

/** Meta sends up to 1,000 updates in one body. */
const MAX_WEBHOOK_BYTES = 3 * 1024 * 1024;

const secrets = (c: AppContext): WhatsAppEnv => c.env;

const whatsappWebhook = new Hono<AppEnv>()
  .get("/", async (c) => {
    const mode = c.req.query("hub.mode");
    const token = c.req.query("hub.verify_token") ?? "";
    const challenge = c.req.query("hub.challenge") ?? "";
    if (mode !== "subscribe" || !(await sameSecret(token, secrets(c).WHATSAPP_VERIFY_TOKEN?.trim() ?? ""))) {
      throw new ApiError(403, "FORBIDDEN", "The verify token does not match.");
    }
    // Meta expects the challenge back as it sent it, as plain text.
    return c.text(challenge, 200);
  })
  .post(
    "/",
    bodyLimit({
      maxSize: MAX_WEBHOOK_BYTES,
      onError: () => {
        throw new ApiError(413, "PAYLOAD_TOO_LARGE", "The data sent is too large.");
      },
    }),
    async (c) => {
      const raw = await c.req.arrayBuffer();
      if (!(await hasValidSignature(raw, c.req.header("X-Hub-Signature-256"), secrets(c).WHATSAPP_APP_SECRET?.trim() ?? ""))) {
        throw new ApiError(401, "UNAUTHENTICATED", "The signature does not match the body.");
      }
      let payload: unknown;
      try {
        payload = JSON.parse(new TextDecoder().decode(raw));
      } catch {
        throw new ApiError(400, "BAD_REQUEST", "The body is not JSON.");
      }
      const now = new Date();
      const { receipts, inbound } = readWebhook(payload, now);
      const reactions = (await recordReceipts(c.env.DB, receipts, now)).flatMap(({ receipt, message }) =>
        message && receipt.status === "failed" ? [reactionToFailedReceipt(c.env.DB, message, receipt.errorCode, now)] : [],
      );
      const statements = reactions.flatMap(({ statement }) => (statement ? [statement] : []));
      if (statements.length > 0) await c.env.DB.batch(statements);
      const requeued = reactions.some((reaction) => reaction.requeued);
      if (inbound.length > 0) await c.env.DB.batch(inbound.map((message) => insertInbound(c.env.DB, message)));
      // A message whose text met a closed window goes again as its template.
      if (requeued) deliverOutboxSoon(c);
      return c.json({ data: { receipts: receipts.length, inbound: inbound.length } } satisfies ApiSuccess<{ receipts: number; inbound: number }>);
    },
  );

export default whatsappWebhook;
