import type { WebPart } from "#shared/i18n/parts.ts";

// The catalogue parts (shared/i18n/parts.ts) each screen shows besides the
// shell, by the name router.tsx gives it (its path): they load with the
// screen's code, so a page carries only its screens' messages (ADR 0040).
// vite.config.ts preloads them on a screen's own page. The forms'
// validation messages load with their first check (web/lib/zod-resolver.ts).
// tests/unit/i18n-parts.test.ts reads each screen's code and fails on a
// message these parts do not hold.

export const SCREEN_MESSAGES = {
  login: ["signIn"],
  new_registration: ["registration", "fields", "values"],
  // "card" for the agency's WhatsApp button (web/components/agency-contact-buttons.tsx).
  registered: ["registration", "fields", "password", "signIn", "card"],
  forgot_password: ["password", "signIn", "card"],
  set_password: ["password", "signIn", "card"],
  // The cards' action and membership texts (web/components/profile-card/action-messages.ts).
  request: ["phoneRequest", "signIn", "card", "values"],
  profile_link: ["autoLogin"],
  interest_link: ["autoLogin"],
  whatsapp_link: ["autoLogin"],
  new_profiles_link: ["autoLogin"],
  link: ["public", "card", "values"],
  privacy: ["privacy"],
  profile_deleted: ["privacy"],
  search: ["search", "card", "values"],
  // "validation" for the Profile ID's required message under the field, as every form words it.
  search_id: ["search", "card", "values", "validation"],
  full_profile: ["fullProfile", "values"],
  viewed_by_profiles: ["interests", "card", "values"],
  viewed_profiles: ["interests", "card", "values"],
  recommended_profiles: ["recommended", "card", "values"],
  whatsapp_profile: ["whatsappProfile", "card", "values"],
  edit_profile: ["editProfile", "fullProfile", "registration", "fields", "values", "validation", "password", "signIn", "card"],
  my_data: ["privacy"],
  delete_profile: ["privacy", "password", "signIn", "values"],
  // The console is English (ADR 0018), but its forms share the members' fields.
  agency: ["fields", "values"],
} as const satisfies Record<string, readonly WebPart[]>;

export type Screen = keyof typeof SCREEN_MESSAGES;
