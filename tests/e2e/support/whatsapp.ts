import { expect } from "@playwright/test";
import { E2E_WHATSAPP_PHONE, E2E_WHATSAPP_URL } from "./e2e-server.ts";

// What members receive on WhatsApp in the end-to-end runs: the messages the
// Worker sent to the Cloud API stand-in (tests/support), read the way a
// member's phone shows them: a template's name, its parameters and its button.

export interface ReceivedTemplate {
  to: string;
  name: string;
  language: string;
  body: string[];
  button: string | null;
}

interface SentBody {
  to: string;
  type: string;
  template?: { name: string; language: { code: string }; components: { type: string; parameters: { text: string }[] }[] };
}

async function control(path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${E2E_WHATSAPP_URL}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response;
}

/** A number as WhatsApp writes it: country code and digits; a 10-digit Indian mobile gets its 91. */
function waDigits(mobile: string): string {
  return mobile.replace(/\D/g, "").replace(/^(?=[6-9]\d{9}$)/, "91");
}

/** The template messages sent to a number (+91..., or as typed), oldest first. */
export async function templatesTo(mobile: string): Promise<ReceivedTemplate[]> {
  const digits = waDigits(mobile);
  const received = (await (await control(`/__received/${E2E_WHATSAPP_PHONE}`)).json()) as { body: string }[];
  return received
    .map((request) => JSON.parse(request.body) as SentBody)
    .filter((body) => body.to === digits && body.template)
    .map((body) => {
      const template = body.template as NonNullable<SentBody["template"]>;
      const part = (type: string) => template.components.find((component) => component.type === type)?.parameters.map((parameter) => parameter.text) ?? [];
      return { to: body.to, name: template.name, language: template.language.code, body: part("body"), button: part("button")[0] ?? null };
    });
}

/** Waits for the newest template of this name to a number, sent after `before` of them had arrived. */
export async function nextTemplate(mobile: string, name: string, before = 0): Promise<ReceivedTemplate> {
  let found: ReceivedTemplate | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await templatesTo(mobile)).filter((template) => template.name === name);
        found = sent.length > before ? sent.at(-1) : undefined;
        return found !== undefined;
      },
      { message: `a ${name} message to ${mobile}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no ${name} message to ${mobile}`);
  return found;
}

/** The code of the newest verification-code message to a number. */
export async function codeSentTo(mobile: string, before = 0): Promise<string> {
  const message = await nextTemplate(mobile, "verification_code", before);
  expect(message.button).toBe(message.body[0]);
  return message.body[0] ?? "";
}

/** How many templates of this name a number has had so far. */
export async function countTemplates(mobile: string, name: string): Promise<number> {
  return (await templatesTo(mobile)).filter((template) => template.name === name).length;
}

/** WhatsApp cannot deliver to this number: its messages fail with 131026. */
export async function makeUndeliverable(mobile: string): Promise<void> {
  await control(`/__recipient/${E2E_WHATSAPP_PHONE}`, { to: waDigits(mobile), undeliverable: true });
}

/** A member writes to the agency's number: the message reaches the Worker's webhook. */
export async function memberWrites(mobile: string, text: string, name = "Member"): Promise<void> {
  await control(`/__inbound/${E2E_WHATSAPP_PHONE}`, { from: waDigits(mobile), text, name });
}
