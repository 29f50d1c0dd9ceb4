// The device's own choice of language (ADR 0040): the `lang` cookie, which
// the Worker reads too, so the pages it renders come in the same language.
// Apart from lib/i18n.ts, which loads the catalogues, so that the auto-login
// links' early sign-in can name and keep the language without them (ADR 0042).
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, languageFromCookie, preferredLanguage, type Language } from "#shared/i18n/language.ts";
import { setCookie } from "./cookies.ts";

/** The language the device asked for: the cookie a choice left, otherwise the browser's languages. */
export function deviceLanguage(): Language {
  if (typeof document === "undefined") return DEFAULT_LANGUAGE;
  return languageFromCookie(document.cookie) ?? preferredLanguage(navigator.languages ?? [navigator.language]);
}

/** Remembers `language` on this device: for a year, for the SPA and for the Worker's edge pages. */
export function rememberLanguage(language: Language): void {
  setCookie(LANGUAGE_COOKIE, language);
}

/**
 * When a member signs in: a device that has not chosen a language (no `lang`
 * cookie: it follows the browser's) takes the one on their profile and
 * remembers it, which this returns. A device's own choice stays: the member
 * made it there, and two devices that each followed the other would switch
 * back and forth.
 */
export function adoptProfileLanguage(profileLanguage: unknown): Language | null {
  // An agency backend of proxy mode (ADR 0003) made before ADR 0040 may not say it.
  if (!isLanguage(profileLanguage) || typeof document === "undefined" || languageFromCookie(document.cookie) !== null) return null;
  rememberLanguage(profileLanguage);
  return profileLanguage;
}
