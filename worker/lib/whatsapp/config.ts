// Configuration of WhatsApp delivery (design brief section 3, ADR 0009).

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

/**
 * The part of the Worker's environment that delivery reads. The token and
 * the phone-number id are optional on purpose: `Env` (generated from
 * wrangler.toml and .dev.vars.example, where they are commented out) does not
 * declare them, and without them the outbox is the delivery.
 */
export interface WhatsAppEnv {
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_API_URL?: string;
}

export interface WhatsAppConfig {
  /** Graph API base including the version, without a trailing slash. */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
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
  return { apiUrl, phoneNumberId, token };
}
