// The member experience in English and Telugu (ADR 0040). Lingui's runtime
// formats the catalogues shared/i18n compiles ahead of time; English is in
// the first load, Telugu is fetched only when it is chosen. The device
// remembers the choice in the `lang` cookie, which the Worker reads too, so
// the pages it renders at the edge come in the same language.
import { setupI18n, type Messages } from "@lingui/core";
import enMessages from "#shared/i18n/compiled/en.json";
import type { MessageId } from "#shared/i18n/en.ts";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, languageFromCookie, preferredLanguage, type Language } from "#shared/i18n/language.ts";

export type { MessageId };
export type MessageValues = Record<string, unknown>;

export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { en: enMessages as unknown as Messages } });

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);
const loaders: Record<Language, () => Promise<Messages>> = {
  en: async () => enMessages as unknown as Messages,
  te: async () => (await import("#shared/i18n/compiled/te.json")).default as unknown as Messages,
};

/** The language the device asked for: the cookie a choice left, otherwise the browser's languages. */
export function deviceLanguage(): Language {
  if (typeof document === "undefined") return DEFAULT_LANGUAGE;
  return languageFromCookie(document.cookie) ?? preferredLanguage(navigator.languages ?? [navigator.language]);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/**
 * Shows the screens in `language`: its catalogue is fetched the first time,
 * then every screen re-renders; <html lang> follows, so screen readers and
 * the font's line breaking read Telugu as Telugu.
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    i18n.load(language, await loaders[language]());
    loaded.add(language);
  }
  i18n.activate(language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** Remembers `language` on this device: for a year, for the SPA and for the Worker's edge pages. */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari 15, which the build targets (vite.config.ts).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}

/** A message outside a component (page titles, errors the API client makes): the active language at the time of the call. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
