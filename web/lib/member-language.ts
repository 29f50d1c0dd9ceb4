// The member's language on their profile (ADR 0040): a switch while signed
// in is kept on the profile, and a device that has not chosen a language
// follows the profile when the member signs in on it. The device's own
// choice (the `lang` cookie) is web/lib/device-language.ts.
import type { Language } from "#shared/i18n/language.ts";
import { apiRequest } from "./api-client.ts";
import { adoptProfileLanguage } from "./device-language.ts";
import { activateLanguage, currentLanguage } from "./i18n.ts";
import { getToken } from "./session.ts";

/** PUT /api/users/language for a signed-in member; nothing to save for a visitor. */
export async function saveLanguageOnProfile(language: Language): Promise<void> {
  if (!getToken()) return;
  await apiRequest("PUT /users/language", { json: { language } });
}

/** When the current user loads: the screens follow the profile's language where the device has not chosen one (lib/device-language.ts). */
export async function followProfileLanguage(profileLanguage: Language | undefined): Promise<void> {
  const adopted = adoptProfileLanguage(profileLanguage);
  if (adopted !== null && adopted !== currentLanguage()) await activateLanguage(adopted);
}
