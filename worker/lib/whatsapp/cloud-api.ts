// The Cloud API's send call: a template message, or a text message inside
// the member's 24-hour customer-service window (ADR 0020).
// https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
// Request: POST {api}/{phone-number-id}/messages with a bearer token.
// Success: {"messaging_product":"whatsapp","contacts":[...],"messages":[{"id":"wamid..."}]}.
// Failure: a non-2xx status with {"error":{"message","type","code","error_data":{"details"},"fbtrace_id"}}.

import { TEMPLATE_OF_KIND, type MessageLanguage, type OutboxKind, type TemplateParams } from "#shared/whatsapp-messages.ts";
import type { WhatsAppConfig } from "./config.ts";
import { recipientDigits } from "./recipient.ts";

/** Long enough for a slow Graph API answer, short enough to leave the Worker time to record the outcome. */
export const SEND_TIMEOUT_MS = 10_000;

/** Errors are stored on the outbox row; a proxy's HTML error page must not fill it. */
const MAX_ERROR_LENGTH = 500;

export interface TextMessagePayload {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  to: string;
  type: "text";
  text: { preview_url: boolean; body: string };
}

interface TextParameter {
  type: "text";
  text: string;
}

export interface TemplateMessagePayload {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  to: string;
  type: "template";
  template: {
    name: string;
    language: { code: string };
    components: [
      { type: "body"; parameters: TextParameter[] },
      // The copy-code button of an authentication template is, once
      // created, a URL button whose parameter is the code again; a utility
      // template's URL button takes the path after its fixed prefix.
      { type: "button"; sub_type: "url"; index: "0"; parameters: [TextParameter] },
    ];
  };
}

export type MessagePayload = TextMessagePayload | TemplateMessagePayload;

export type SendResult =
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      /** What went wrong, for the outbox row and the console. */
      error: string;
      /** The HTTP status, or null when no answer came (timeout, network). */
      status: number | null;
      /** The Cloud API's `error.code` (e.g. 131047 outside the 24-hour window), when it sent one. */
      code: number | null;
    };

export function textMessagePayload(toMobile: string, body: string): TextMessagePayload {
  // Link previews on: most messages carry a profile or sign-in link, and the
  // edge pages serve Open Graph tags that show only what a stranger may see.
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: recipientDigits(toMobile),
    type: "text",
    text: { preview_url: true, body },
  };
}

/** The approved template of a message kind, in the member's language, with its parameters. */
export function templateMessagePayload(
  config: Pick<WhatsAppConfig, "templates" | "languages">,
  message: { toMobile: string; kind: OutboxKind; language: MessageLanguage; params: TemplateParams },
): TemplateMessagePayload {
  const key = TEMPLATE_OF_KIND[message.kind];
  const text = (value: string): TextParameter => ({ type: "text", text: value });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: recipientDigits(message.toMobile),
    type: "template",
    template: {
      name: config.templates[key],
      language: { code: config.languages[message.language] },
      components: [
        { type: "body", parameters: message.params.body.map(text) },
        { type: "button", sub_type: "url", index: "0", parameters: [text(message.params.button)] },
      ],
    },
  };
}

/**
 * Sends one message. Never throws: every way of not getting a success
 * (error answer, timeout, network failure) comes back as `ok: false` so the
 * caller records it on the message and carries on with the others.
 */
export async function sendMessage(config: WhatsAppConfig, payload: MessagePayload, options: { timeoutMs?: number } = {}): Promise<SendResult> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  // The same signal covers reading the body, so a server that sends headers
  // and then stalls is cut off too.
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number | null = null;
  try {
    const response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      signal,
    });
    status = response.status;
    const text = await response.text();
    const json = parseJson(text);
    if (response.ok) return { ok: true, providerMessageId: messageIdOf(json) };
    const apiError = errorOf(json);
    const error = apiError
      ? `Cloud API error${apiError.code === null ? "" : ` ${apiError.code}`}: ${apiError.message} (HTTP ${status})`
      : `HTTP ${status}${text ? `: ${text}` : ""}`;
    return { ok: false, error: truncate(error), status, code: apiError?.code ?? null };
  } catch (error) {
    const message = signal.aborted ? `No answer from the Cloud API within ${timeoutMs} ms` : `Request to the Cloud API failed: ${String(error)}`;
    return { ok: false, error: truncate(message), status, code: null };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `messages[0].id` of a success. A 2xx without it still counts as sent:
 * the Cloud API accepted the message, and sending it again would duplicate it.
 */
function messageIdOf(json: unknown): string | null {
  if (!isRecord(json) || !Array.isArray(json.messages)) return null;
  const first: unknown = json.messages[0];
  return isRecord(first) && typeof first.id === "string" ? first.id : null;
}

function errorOf(json: unknown): { message: string; code: number | null } | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { message, code, error_data: data } = json.error;
  // error_data.details often says more than the message ("Message failed to
  // send because more than 24 hours have passed since the customer last replied").
  const details = isRecord(data) && typeof data.details === "string" && data.details !== message ? ` (${data.details})` : "";
  return {
    message: `${typeof message === "string" ? message : "unknown error"}${details}`,
    code: typeof code === "number" ? code : null,
  };
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
