// The specification's business constants (section 9) and enumerations
// (section 3). Imported by the worker and the web app; never retyped.

export const PROFILE_TYPES = ["FREE", "MEMBER", "DONOR", "PREMIUM", "LIFE"] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Simple-search order (section 3). */
export const SIMPLE_SEARCH_ORDER: readonly ProfileType[] = ["LIFE", "PREMIUM", "DONOR", "MEMBER", "FREE"];

/** What members read for each tier (section 3, "Display names"). */
export function profileTypeLabel(type: string): string {
  switch (type) {
    case "LIFE":
      return "PLATINUM";
    case "DONOR":
      return "GOLD";
    case "MEMBER":
      return "SILVER";
    case "FREE":
      return "MEMBER";
    default:
      return type;
  }
}

export const GENDERS = ["F", "M"] as const;
export type Gender = (typeof GENDERS)[number];

export const PAGE_SIZE = 10;
export const RECOMMENDED_LIMIT = 30;
export const FREE_WHATSAPP_LIST_LIMIT = 2;

/** Delays in milliseconds (section 9). */
export const DELAYS = {
  redirectAfterLogin: 500,
  redirectAfterAutoLogin: 100,
  newProfilesRedirect: 1000,
  alert: 3000,
  requiredFieldsBanner: 5000,
  editSaveTimeout: 10_000,
} as const;

/** Data cache defaults (section 9). */
export const QUERY_DEFAULTS = {
  staleTime: 2000,
  gcTime: 60_000,
  refetchInterval: false,
  refetchOnWindowFocus: false,
  retry: false,
} as const;

export const DEFAULT_NATIVE_COUNTRY = 1;
/** Profession type 5 hides the working and profession details (section 5). */
export const PROFESSION_TYPE_NOT_WORKING = 5;
export const PHOTO_PREVIEW_MAX_WIDTH = 300;
export const DATE_FORMAT = "dd/MM/yyyy";
export const STORED_DATE_FORMAT = "dd-MM-yyyy";
export const TIME_FORMAT = "h:mm a";
