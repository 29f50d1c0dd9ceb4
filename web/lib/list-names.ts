// What each list of profiles is called, in the navigation, on the buttons
// that lead to it and as its page title and heading: one name per list, which
// says what it holds (ADR 0015). The specification's "Viewed By" / "Interested
// in you Profiles" and "Viewed Profiles" are the two request lists.
export const LIST_NAMES = {
  search: "Search Profiles",
  received: "Requests received",
  sent: "Requests I sent",
  recommended: "Recommended Profiles",
} as const;

/** The list pages' paths, beside their names. */
export const LIST_PATHS = {
  search: "/search",
  received: "/viewed_by_profiles",
  sent: "/viewed_profiles",
  recommended: "/recommended_profiles",
} as const satisfies Record<keyof typeof LIST_NAMES, string>;
