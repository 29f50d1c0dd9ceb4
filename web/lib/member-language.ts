// The member's language on their profile (ADR 0040): a switch while signed
// in is kept on the profile, and a device that has not chosen a language
// follows the profile when the member signs in on it. The device's own
// choice (the `lang` cookie) is web/lib/i18n.ts.
import { isLanguage, languageFromCookie, type Language } from "#shared/i18n/language.ts";
import { apiRequest } from "./api-client.ts";
import { activateLanguage, currentLanguage, rememberLanguage } from "./i18n.ts";
import { getToken } from "./session.ts";

/** PUT /api/users/language for a signed-in member; nothing to save for a visitor. */
export async function saveLanguageOnProfile(language: Language): Promise<void> {
  if (!getToken()) return;
  await apiRequest("PUT /users/language", { json: { language } });
}

/**
 * When the current user loads: a device that has not chosen a language
 * (no `lang` cookie: it follows the browser's) switches to the profile's and
 * remembers it. A device's own choice stays: the member made it there, and
 * two devices that each followed the other would switch back and forth.
 */
export async function followProfileLanguage(profileLanguage: Language | undefined): Promise<void> {
  // An agency backend of proxy mode (ADR 0003) made before ADR 0040 may not say it.
  if (!isLanguage(profileLanguage) || typeof document === "undefined" || languageFromCookie(document.cookie) !== null) return;
  rememberLanguage(profileLanguage);
  if (profileLanguage !== currentLanguage()) await activateLanguage(profileLanguage);
}
