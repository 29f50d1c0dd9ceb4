// Configuration of WhatsApp delivery (ADR 0009,
// ADR 0020): the Cloud API's credentials, the approved templates' names and
// languages, and the webhook's secrets.

import { MESSAGE_LANGUAGES, TEMPLATES, TEMPLATE_KEYS, type MessageLanguage, type TemplateKey } from "#shared/whatsapp-messages.ts";

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

/** The language codes the templates are approved under: they must match exactly, or the send fails with 132001. */
export const DEFAULT_TEMPLATE_LANGUAGES: Record<MessageLanguage, string> = { en: "en_IN", te: "te" };

/**
 * The part of the Worker's environment that delivery reads. The secrets are
 * optional on purpose: `Env` (generated from wrangler.toml and
 * .dev.vars.example, where they are commented out) does not declare them, and
 * without them the outbox is the delivery.
 */
export interface WhatsAppEnv {
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_API_URL?: string;
  WHATSAPP_TEMPLATE_VERIFICATION_CODE?: string;
  WHATSAPP_TEMPLATE_INTEREST_RECEIVED?: string;
  WHATSAPP_TEMPLATE_INTEREST_APPROVED?: string;
  WHATSAPP_TEMPLATE_SIGN_IN_LINK?: string;
  WHATSAPP_TEMPLATE_MEMBERSHIP_UPDATED?: string;
  WHATSAPP_TEMPLATE_DATA_ERASURE_NOTICE?: string;
  WHATSAPP_LANGUAGE_EN?: string;
  WHATSAPP_LANGUAGE_TE?: string;
  /** The webhook's secrets: the app secret signs Meta's bodies; the verify token answers Meta's check of the endpoint. */
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
}

/** The variable naming each template: WHATSAPP_TEMPLATE_ and the key in capitals with underscores. */
export function templateVariable(key: TemplateKey): keyof WhatsAppEnv {
  return `WHATSAPP_TEMPLATE_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}` as keyof WhatsAppEnv;
}

export interface WhatsAppConfig {
  /** Graph API base including the version, without a trailing slash. */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** The approved name of each template. */
  templates: Record<TemplateKey, string>;
  /** The approved language code of each language. */
  languages: Record<MessageLanguage, string>;
}

/** Template names and languages: configured, or the documented defaults. */
export function templateNames(env: WhatsAppEnv): Pick<WhatsAppConfig, "templates" | "languages"> {
  const templates = Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, env[templateVariable(key)]?.trim() || TEMPLATES[key].defaultName])) as Record<TemplateKey, string>;
  const languages = Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [language, env[`WHATSAPP_LANGUAGE_${language.toUpperCase() as "EN" | "TE"}`]?.trim() || DEFAULT_TEMPLATE_LANGUAGES[language]]),
  ) as Record<MessageLanguage, string>;
  return { templates, languages };
}

/** Whether the Cloud API sends the outbox (both secrets set); without it staff send by hand. */
export function isCloudApiConfigured(env: WhatsAppEnv): boolean {
  return Boolean(env.WHATSAPP_TOKEN?.trim() && env.WHATSAPP_PHONE_NUMBER_ID?.trim());
}

/**
 * The Cloud API settings, or null when WhatsApp is not configured (neither
 * token nor phone-number id set): messages then stay pending for the agency
 * console. Half a configuration, or an API URL that is not http(s), throws,
 * so that a typo in production shows up as errors instead of messages that
 * silently never leave.
 */
export function whatsappConfig(env: WhatsAppEnv): WhatsAppConfig | null {
  const token = env.WHATSAPP_TOKEN?.trim() ?? "";
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim() ?? "";
  if (!token && !phoneNumberId) return null;
  if (!token || !phoneNumberId) {
    const missing = token ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN";
    throw new Error(`WhatsApp delivery is half configured: set ${missing} too, or unset both to keep messages in the outbox`);
  }
  const apiUrl = (env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, "");
  let protocol: string;
  try {
    protocol = new URL(apiUrl).protocol;
  } catch {
    throw new Error(`WHATSAPP_API_URL is not a URL: ${apiUrl}`);
  }
  if (protocol !== "https:" && protocol !== "http:") {
    throw new Error(`WHATSAPP_API_URL must be an http(s) URL: ${apiUrl}`);
  }
  return { apiUrl, phoneNumberId, token, ...templateNames(env) };
}
