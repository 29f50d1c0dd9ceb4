// Response bodies of the agency API (design brief section 3): success is
// `{ data }` with camelCase keys; failure is a non-2xx status with
// `{ error, code }`, and sign-in failures also carry `err` (section 8).
import type { Gender } from "./constants.ts";
import type { ProfileLimits } from "./membership.ts";

export interface ApiSuccess<T> {
  data: T;
}

export interface ApiFailure {
  error: string;
  code: ErrorCode;
  /** Sign-in failures only: the text the login screen shows in its red alert. */
  err?: string;
  /** Validation failures: the message for each invalid field, by field name. */
  fields?: Record<string, string>;
}

export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "TOO_MANY_REQUESTS",
  "SIGN_IN_FAILED",
  "BAD_GATEWAY",
  "GATEWAY_TIMEOUT",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A reference-list entry (section 3, "Lookup lists"). */
export interface LookupItem {
  id: number;
  name: string;
  /** Telugu name, where the list has one (stars, raasis, ...). */
  nameTe?: string;
  /** Heights only. */
  cm?: number;
  /** Districts and cities. */
  stateId?: number;
  /** Qualifications: the basic-education level they belong to. */
  basicEducationId?: number;
}

/** POST /api/users/sign_in. */
export interface SignInResult {
  token: string;
  pid: number;
  profileLimits: ProfileLimits;
}

/** GET /api/users/current: the signed-in member, kept in local storage. */
export interface CurrentUser {
  pid: number;
  gender: Gender;
  name: string;
  surName: string;
  profileLimits: ProfileLimits;
  membership: {
    paid: boolean;
    active: boolean;
    balance: number;
  };
}
