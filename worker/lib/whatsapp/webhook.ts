// Meta's webhook for the WhatsApp Business Platform (ADR 0020): the
// signature check over the raw body, and the parts of the payload this
// product reads. Payload: {object: "whatsapp_business_account", entry: [{id,
// changes: [{field: "messages", value: {statuses?: [...], messages?: [...],
// contacts?: [...]}}]}]}; developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples.

import type { Receipt } from "#worker/db/outbox.ts";
import { constantTimeEqual } from "../password.ts";
import type { NewInboundMessage } from "#worker/db/whatsapp-inbound.ts";

const encoder = new TextEncoder();

/**
 * Whether `header` (X-Hub-Signature-256: "sha256=<hex>") is the HMAC-SHA256
 * of exactly these bytes under the app secret. Web Crypto's verify compares
 * in constant time; the bytes are the body as received, never re-serialised
 * JSON, whose escaping of é, / or @ would differ from Meta's.
 */
export async function hasValidSignature(body: ArrayBuffer, header: string | undefined, appSecret: string): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match?.[1] || appSecret === "") return false;
  const signature = new Uint8Array((match[1].match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));
  const key = await crypto.subtle.importKey("raw", encoder.encode(appSecret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", key, signature, body);
}

/** Compares two secrets without telling by its timing how much of one matched. */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  if (expected === "") return false;
  // Hashed first, so that the comparison takes as long whatever the lengths.
  const [a, b] = await Promise.all([given, expected].map(async (value) => new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)))));
  return a !== undefined && b !== undefined && constantTimeEqual(a, b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** A Unix time in seconds, as Meta writes it (a string), or now. */
function timeOf(value: unknown, now: Date): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now;
}

const RECEIPT_STATUSES = new Set(["sent", "delivered", "read", "failed"]);

export interface WebhookUpdates {
  receipts: Receipt[];
  inbound: NewInboundMessage[];
}

/** The receipts and inbound messages of a webhook body; anything else in it is ignored. */
export function readWebhook(payload: unknown, now = new Date()): WebhookUpdates {
  const updates: WebhookUpdates = { receipts: [], inbound: [] };
  if (!isRecord(payload)) return updates;
  for (const entry of records(payload.entry)) {
    for (const change of records(entry.changes)) {
      if (change.field !== "messages" || !isRecord(change.value)) continue;
      const value = change.value;
      for (const status of records(value.statuses)) {
        const wamid = text(status.id);
        const name = text(status.status);
        if (!wamid || !name || !RECEIPT_STATUSES.has(name)) continue;
        const error = records(status.errors)[0];
        const details = error && isRecord(error.error_data) ? text(error.error_data.details) : null;
        const title = error ? (text(error.title) ?? text(error.message)) : null;
        updates.receipts.push({
          wamid,
          status: name as Receipt["status"],
          at: timeOf(status.timestamp, now),
          errorCode: error && typeof error.code === "number" ? error.code : null,
          errorTitle: title ? `${title}${details && details !== title ? ` (${details})` : ""}`.slice(0, 500) : null,
        });
      }
      const contacts = records(value.contacts);
      for (const message of records(value.messages)) {
        const wamid = text(message.id);
        // With WhatsApp usernames `from` may be missing: the contact's user id names the sender then.
        const from = text(message.from) ?? text(contacts[0]?.wa_id) ?? text(contacts[0]?.user_id);
        if (!wamid || !from) continue;
        const contact = contacts.find((candidate) => candidate.wa_id === from) ?? contacts[0];
        const type = text(message.type) ?? "unknown";
        const body = isRecord(message.text) ? text(message.text.body) : null;
        const media = isRecord(message[type]) ? text((message[type] as Record<string, unknown>).caption) : null;
        const button = isRecord(message.button) ? text(message.button.text) : null;
        updates.inbound.push({
          wamid,
          fromDigits: from.replace(/^\+/, ""),
          profileName: contact && isRecord(contact.profile) ? text(contact.profile.name) : null,
          type,
          text: (body ?? media ?? button)?.slice(0, 4096) ?? null,
          receivedAt: timeOf(message.timestamp, now),
        });
      }
    }
  }
  return updates;
}
