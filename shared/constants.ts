// The specification's business constants (§ "9. Business constants and limits") and enumerations
// (§ "3. Entities and their fields"). Imported by the worker and the web app; never retyped.

export const PROFILE_TYPES = ["FREE", "MEMBER", "DONOR", "PREMIUM", "LIFE"] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Simple-search order (§ "3. Entities and their fields"). */
export const SIMPLE_SEARCH_ORDER: readonly ProfileType[] = ["LIFE", "PREMIUM", "DONOR", "MEMBER", "FREE"];

/** What members read for each tier (§ "3. Entities and their fields", "Display names"). */
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

/** Delays in milliseconds (§ "9. Business constants and limits"). */
export const DELAYS = {
  redirectAfterLogin: 500,
  redirectAfterAutoLogin: 100,
  newProfilesRedirect: 1000,
  alert: 3000,
  requiredFieldsBanner: 5000,
  editSaveTimeout: 10_000,
} as const;

/** Data cache defaults (§ "9. Business constants and limits"). */
export const QUERY_DEFAULTS = {
  staleTime: 2000,
  gcTime: 60_000,
  refetchInterval: false,
  refetchOnWindowFocus: false,
  retry: false,
} as const;

export const DEFAULT_NATIVE_COUNTRY = 1;
/** Profession type 5 hides the working and profession details (§ "5. Validation rules"). */
export const PROFESSION_TYPE_NOT_WORKING = 5;
export const PHOTO_PREVIEW_MAX_WIDTH = 300;
export const DATE_FORMAT = "dd/MM/yyyy";
export const TIME_FORMAT = "h:mm a";
