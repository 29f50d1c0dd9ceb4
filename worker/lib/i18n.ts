// The Worker's texts in the reader's language (ADR 0040): the same compiled
// catalogues as the SPA, one Lingui instance per language, made once per
// isolate.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import enMessages from "#shared/i18n/compiled/en.json";
import teMessages from "#shared/i18n/compiled/te.json";
import type { MessageId } from "#shared/i18n/en.ts";
import { acceptedLanguages, DEFAULT_LANGUAGE, languageFromCookie, preferredLanguage, type Language } from "#shared/i18n/language.ts";

// JSON imports get an inferred type that cannot name Lingui's compiled
// tokens (a plural is a nested array), hence the casts through unknown.
const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: "en", messages: { en: enMessages as unknown as Messages } }),
  te: setupI18n({ locale: "te", messages: { te: teMessages as unknown as Messages } }),
};

/** The English catalogue as compiled, in which schema messages are looked up (shared/i18n/message-ref.ts). */
export const englishCatalogue: Readonly<Record<string, unknown>> = enMessages;

/** A message in `language`, its placeholders filled. */
export function message(language: Language, id: MessageId, values?: Record<string, unknown>): string {
  return instances[language]._(id, values);
}

/**
 * The language a request is read in: the device's choice (the `lang`
 * cookie, which the SPA also sends its calls with as Accept-Language), else
 * the browser's Accept-Language, else English.
 */
export function requestLanguage(headers: Headers): Language {
  return languageFromCookie(headers.get("Cookie")) ?? (headers.has("Accept-Language") ? preferredLanguage(acceptedLanguages(headers.get("Accept-Language"))) : DEFAULT_LANGUAGE);
}
