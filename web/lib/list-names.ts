// What each list of profiles is called, in the navigation, on the buttons
// that lead to it and as its page title and heading: one name per list, which
// says what it holds (ADR 0015). The specification's "Viewed By" / "Interested
// in you Profiles" and "Viewed Profiles" are the two request lists. The names
// are catalogue ids (ADR 0040): a screen shows `t(LIST_NAMES.sent)`.
import type { MessageId } from "./i18n.ts";

export const LIST_NAMES = {
  search: "lists.search",
  received: "lists.received",
  sent: "lists.sent",
  recommended: "lists.recommended",
} as const satisfies Record<string, MessageId>;

/** The list pages' paths, beside their names. */
export const LIST_PATHS = {
  search: "/search",
  received: "/viewed_by_profiles",
  sent: "/viewed_profiles",
  recommended: "/recommended_profiles",
} as const satisfies Record<keyof typeof LIST_NAMES, string>;
