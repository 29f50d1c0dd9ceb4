// The requests that submit the product's message templates through Meta's
// Message Templates API (POST /{waba-id}/message_templates), built from
// shared/whatsapp-messages.ts. Used by `npm run whatsapp:templates`, by the
// generator of docs/whatsapp-templates.md and by the tests, which submit them
// to the Cloud API stand-in before sending.
// Sources: developers.facebook.com/docs/whatsapp/business-management-api/authentication-templates/copy-code-button-authentication-templates
// and developers.facebook.com/documentation/business-messaging/whatsapp/templates/utility-templates.

import { MESSAGE_LANGUAGES, TEMPLATES, TEMPLATE_KEYS, type MessageLanguage, type TemplateKey } from "#shared/whatsapp-messages.ts";
import type { WhatsAppConfig } from "./config.ts";

export interface TemplateSubmission {
  key: TemplateKey;
  language: MessageLanguage;
  /** The body of POST /{waba-id}/message_templates. */
  request: {
    name: string;
    language: string;
    category: "AUTHENTICATION" | "UTILITY";
    components: Record<string, unknown>[];
  };
}

/**
 * Every template in every language. `site` is the public address of the
 * product (https://...): a URL button opens `{site}/{{1}}`, its parameter the
 * path of the link (a sign-in link, or search).
 */
export function templateSubmissions(names: Pick<WhatsAppConfig, "templates" | "languages">, site: string): TemplateSubmission[] {
  const base = site.replace(/\/+$/, "");
  return TEMPLATE_KEYS.flatMap((key) =>
    MESSAGE_LANGUAGES.map((language): TemplateSubmission => {
      const template = TEMPLATES[key];
      const components: Record<string, unknown>[] =
        template.category === "AUTHENTICATION"
          ? [
              // Meta presets the text ("<code> is your verification code.")
              // in each language; no URLs, media or emojis are allowed.
              { type: "BODY", add_security_recommendation: true },
              { type: "BUTTONS", buttons: [{ type: "OTP", otp_type: "COPY_CODE", text: template.button.text[language] }] },
            ]
          : [
              { type: "BODY", text: template.body[language], example: { body_text: [template.bodyExample] } },
              {
                type: "BUTTONS",
                buttons: [{ type: "URL", text: template.button.text[language], url: `${base}/{{1}}`, example: [`${base}/${template.button.example}`] }],
              },
            ];
      return { key, language, request: { name: names.templates[key], language: names.languages[language], category: template.category, components } };
    }),
  );
}

/** Meta's answer to a submission or a lookup, as the script reports it. */
export interface TemplateStatus {
  name: string;
  language: string;
  status: string;
  detail: string;
}

async function graph(config: { apiUrl: string; token: string }, path: string, init: RequestInit = {}): Promise<{ ok: boolean; json: Record<string, unknown> }> {
  const response = await fetch(`${config.apiUrl}/${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json", ...init.headers },
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, json };
}

function errorText(json: Record<string, unknown>): string {
  const error = json.error as { message?: unknown; error_data?: { details?: unknown } } | undefined;
  const details = typeof error?.error_data?.details === "string" ? ` (${error.error_data.details})` : "";
  return `${typeof error?.message === "string" ? error.message : "unknown error"}${details}`;
}

/**
 * Submits each template that the business account does not have yet in that
 * language, and reports every template's status (APPROVED, PENDING,
 * REJECTED, ..., or the error Meta answered). With `submit: false` it only reports.
 */
export async function submitTemplates(
  config: { apiUrl: string; token: string; businessAccountId: string },
  submissions: TemplateSubmission[],
  options: { submit: boolean },
): Promise<TemplateStatus[]> {
  const statuses: TemplateStatus[] = [];
  const waba = encodeURIComponent(config.businessAccountId);
  for (const { request } of submissions) {
    const found = await graph(config, `${waba}/message_templates?name=${encodeURIComponent(request.name)}&fields=name,language,status,category`);
    if (!found.ok) {
      statuses.push({ name: request.name, language: request.language, status: "ERROR", detail: errorText(found.json) });
      continue;
    }
    const existing = (Array.isArray(found.json.data) ? (found.json.data as Record<string, unknown>[]) : []).find((template) => template.language === request.language);
    if (existing) {
      statuses.push({ name: request.name, language: request.language, status: String(existing.status), detail: `exists, category ${String(existing.category)}` });
      continue;
    }
    if (!options.submit) {
      statuses.push({ name: request.name, language: request.language, status: "MISSING", detail: "not submitted yet" });
      continue;
    }
    const created = await graph(config, `${waba}/message_templates`, { method: "POST", body: JSON.stringify(request) });
    statuses.push(
      created.ok
        ? { name: request.name, language: request.language, status: String(created.json.status), detail: `submitted, id ${String(created.json.id)}` }
        : { name: request.name, language: request.language, status: "ERROR", detail: errorText(created.json) },
    );
  }
  return statuses;
}
