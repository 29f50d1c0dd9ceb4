// A WhatsApp Business number of the tests' own at the Cloud API stand-in
// (tests/support/whatsapp-cloud-api-stand-in.mjs): its templates submitted
// with the product's own submission code, and helpers to see what it
// received and to hand its signed webhooks to the Worker.

import { env } from "cloudflare:test";
import { expect, inject } from "vitest";
import { templateNames, type WhatsAppEnv } from "#worker/lib/whatsapp/config.ts";
import { submitTemplates, templateSubmissions } from "#worker/lib/whatsapp/template-submission.ts";
import type { ReceivedRequest, StandInMode, StandInWebhook } from "#tests/support/whatsapp-cloud-api-stand-in.mjs";
import { api } from "./fixtures.ts";

export const standInUrl = inject("whatsappStandInUrl");
export const TOKEN = "test-whatsapp-token";
/** The address the templates' URL buttons open, as submitted. */
export const SITE = "https://agency.example";

let sequence = 0;

export interface TestWhatsApp {
  phoneNumberId: string;
  /** The Worker's environment with the Cloud API configured to this number at the stand-in. */
  env: Env & WhatsAppEnv;
  received(): Promise<ReceivedRequest[]>;
  /** The JSON bodies of the messages sent to `mobile` (+E.164), oldest first. */
  messagesTo(mobile: string): Promise<Record<string, unknown>[]>;
  setMode(mode: StandInMode): Promise<void>;
  setRecipient(mobile: string, settings: { undeliverable?: boolean; reads?: boolean }): Promise<void>;
  /** The member with this number writes to the agency: their 24-hour window opens. */
  inbound(mobile: string, text: string): Promise<void>;
  /** The webhook bodies the stand-in made since last asked (receipts arrive a few milliseconds after a send). */
  webhooks(expected?: number): Promise<StandInWebhook[]>;
  /** Posts the stand-in's webhooks to the Worker, signed as Meta signs them. */
  deliverWebhooks(expected?: number): Promise<void>;
}

async function control(path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${standInUrl}${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response;
}

/** A new number with the product's templates approved, its webhooks kept for the test to deliver. */
export async function testWhatsApp(options: { templates?: boolean } = {}): Promise<TestWhatsApp> {
  const phoneNumberId = `1065403522${Date.now()}${++sequence}`;
  const waba = `waba-${phoneNumberId}`;
  await control(`/__phone/${phoneNumberId}`, { waba, appSecret: env.WHATSAPP_APP_SECRET });
  const configured: Env & WhatsAppEnv = { ...env, WHATSAPP_TOKEN: TOKEN, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_API_URL: `${standInUrl}/v21.0/` };
  if (options.templates !== false) {
    const statuses = await submitTemplates({ apiUrl: `${standInUrl}/v21.0`, token: TOKEN, businessAccountId: waba }, templateSubmissions(templateNames(configured), SITE), {
      submit: true,
    });
    expect(statuses.filter((status) => status.status !== "APPROVED")).toEqual([]);
  }
  const digits = (mobile: string) => mobile.replace(/\D/g, "");
  const received = async () => (await control(`/__received/${phoneNumberId}`)).json<ReceivedRequest[]>();
  const webhooks = async (expected = 0) => {
    const taken: StandInWebhook[] = [];
    const take = async () => taken.push(...(await (await control(`/__webhooks/${phoneNumberId}`)).json<StandInWebhook[]>()));
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    // Receipts follow a send by a few milliseconds: wait for the ones
    // expected, then for any that follow them (another message's, sent in
    // the same run), until none come for a while.
    for (let waited = 0; taken.length < expected && waited <= 2000; waited += 20) {
      await take();
      if (taken.length < expected) await pause();
    }
    for (let before = -1; before !== taken.length; ) {
      before = taken.length;
      for (let quiet = 0; quiet < 4; quiet++) await pause();
      await take();
    }
    return taken;
  };
  return {
    phoneNumberId,
    env: configured,
    received,
    async messagesTo(mobile) {
      return (await received()).map((request) => JSON.parse(request.body) as Record<string, unknown>).filter((body) => body.to === digits(mobile));
    },
    async setMode(mode) {
      await control(`/__mode/${phoneNumberId}`, mode);
    },
    async setRecipient(mobile, settings) {
      await control(`/__recipient/${phoneNumberId}`, { to: digits(mobile), ...settings });
    },
    async inbound(mobile, text) {
      await control(`/__inbound/${phoneNumberId}`, { from: digits(mobile), text });
    },
    webhooks,
    async deliverWebhooks(expected = 0) {
      for (const webhook of await webhooks(expected)) {
        const response = await api("/api/whatsapp/webhook", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Hub-Signature-256": webhook.signature },
          body: webhook.body,
        });
        expect(response.status).toBe(200);
      }
    },
  };
}

/** The template message's name, language, body parameters and button parameter, from a request body. */
export function templateOf(body: Record<string, unknown>): { name: string; language: string; body: string[]; button: string | null } {
  const template = body.template as { name: string; language: { code: string }; components: { type: string; parameters: { text: string }[] }[] };
  const part = (type: string) => template.components.find((component) => component.type === type)?.parameters.map((parameter) => parameter.text) ?? [];
  return { name: template.name, language: template.language.code, body: part("body"), button: part("button")[0] ?? null };
}
