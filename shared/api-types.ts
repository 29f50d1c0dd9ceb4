// Response bodies of the agency API (design brief section 3): success is
// `{ data }` with camelCase keys; failure is a non-2xx status with
// `{ error, code }`, and sign-in failures also carry `err` (section 8).
import type { AshtakootaScore } from "./astro/ashtakoota.ts";
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
  "MEMBERSHIP_REQUIRED",
  "MEMBERSHIP_EXPIRED",
  "BALANCE_EXHAUSTED",
  "NOT_APPROVED",
  "VIEW_NOT_CONFIRMED",
  "SIGN_IN_FAILED",
  "INVALID_CODE",
  "INVALID_LINK",
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

/**
 * A one-time code on its way to a member's WhatsApp (ADR 0021). The same for
 * every request, whether or not a code was really sent, so that it tells a
 * stranger nothing.
 */
export interface CodeSent {
  /** No Cloud API: the agency sends the code from its own WhatsApp, which may take hours. */
  byAgency: boolean;
  /** How long the code works once made. */
  validMinutes: number;
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

/**
 * A member's full record (section 3, "User record (read)"), as the owner
 * sees it on the edit screen. Dates are shown as the specification formats
 * them: birthDate dd-MM-yyyy, birthTime h:mma.
 */
export interface UserRecord {
  pid: number;
  gender: Gender;
  name: string;
  surName: string;
  birthDate: string;
  birthTime: string;
  birthPlace: string;
  star: number;
  padham: number;
  raasi: number | null;
  height: number;
  subCaste: number;
  religion: number;
  marriageTurn: 1 | 2;
  /** R2 key of the photo; the URL is `/images/` + this key. */
  s3PhotoKey: string | null;
  basicEducation: number | null;
  education: number | null;
  educationDetails: string;
  professionType: number | null;
  workingIn: 1 | 2 | null;
  workingCity: number | null;
  incomePerYear: number | null;
  workingCountry: number | null;
  abroadWorkingCity: string | null;
  workVisa: number | null;
  denomination: string | null;
  professionDetails: string | null;
  fatherName: string;
  fatherProfession: string;
  motherName: string;
  motherProfession: string;
  nativeCountry: number;
  nativeState: number | null;
  nativeDistrict: number | null;
  residingCity: string | null;
  mobileNo: string;
  alternateMobileNo: string | null;
  email: string | null;
  presentAddress: string;
  /** 1 has siblings, 2 none, 0 not declared. */
  hasSiblings: 0 | 1 | 2;
  profileLimits: ProfileLimits;
}

/** The member's own record, for the edit screen (GET users/{pid}, and each edit tab's answer). */
export interface OwnRecord extends UserRecord {
  /** A new WhatsApp number waiting for its code (ADR 0021); mobileNo stays the confirmed one until then. */
  pendingMobile: PendingMobile | null;
}

/** A sibling (section 3, "Sibling"). */
export interface Sibling {
  id: number;
  type: "EB" | "ES" | "YB" | "YS";
  name: string;
  married: "M" | "U";
  working: "Y" | "N";
  workDetails: string;
}

/** POST /api/save_new_registration: the new Profile ID, and the code to set a password that is on its way. */
export interface RegistrationResult {
  pid: number;
  /** The WhatsApp number the code goes to, as stored. */
  mobile: string;
  code: CodeSent;
}

/** PUT /api/profile_parents_data with a new WhatsApp number: stored once the code sent to it is confirmed. */
export interface PendingMobile {
  mobile: string;
  expiresAt: string;
  code: CodeSent;
}

/** Where a profile may appear on public pages (section 2, "/link" labels). */
export type PublicProfile = "PAID" | "PUBLIC" | "MEMBERS" | null;

/**
 * A profile card (section 2, "Profile card content"; section 3, "Profile
 * list / card record"). Never carries phone numbers, email, address or the
 * parents' contact: those are only in a FullProfile.
 */
export interface ProfileCard {
  pid: number;
  profileType: string;
  publicProfile: PublicProfile;
  /** '-' none, 'A' approved, 'D' removed or hidden by the viewer (section 3). */
  requestStatus: "-" | "A" | "D";
  interestedAt: string | null;
  approvedAt: string | null;
  deniedAt: string | null;
  deletedAt: string | null;
  showPhoto: 1 | 2;
  /** The full photo when the viewer may see it, otherwise its blurred derivative; null without a photo. */
  photoUrl: string | null;
  photoVisible: boolean;
  surname: string;
  name: string;
  age: number;
  birthPlace: string;
  height: string | null;
  subcaste: string | null;
  religion: string | null;
  star: string | null;
  starTe: string | null;
  padham: string | null;
  educationDetails: string;
  professionDetails: string;
  marriageTurn: 1 | 2;
  /**
   * Matching points: Ashtakoota guna milan of the viewer and this profile out
   * of 36, in half points; null for one's own gender or without star and padham.
   */
  astroPoints: number | null;
  /** The viewer used a view on this profile: its phone and details stay open to them at any balance (ADR 0012). */
  viewed: boolean;
  /** This member's own request to the viewer, unless withdrawn: what the viewer may approve or reject. */
  incoming: { interestedAt: string; approvedAt: string | null; deniedAt: string | null } | null;
  /** Show-more details: only for paid viewers (section 2). */
  details: ProfileCardDetails | null;
}

export interface ProfileCardDetails {
  birthDate: string;
  birthTime: string;
  raasi: string | null;
  professionType: string | null;
  professionTypeId: number | null;
  workingIn: 1 | 2 | null;
  workingCity: string | null;
  annualIncome: string | null;
  color: string | null;
  fatherName: string;
  fatherProfession: string;
  motherName: string;
  motherProfession: string;
  nativeDistrict: string | null;
  residingCity: string | null;
}

/** GET /api/profile_teaser/{pid}: what a stranger may see of a profile, as its link preview shows it. */
export interface ProfileTeaser {
  pid: number;
  profileType: string;
  age: number;
  height: string | null;
  star: string | null;
  starTe: string | null;
  educationDetails: string;
  /** The blurred link-preview image (/og/profile/{pid}.jpg), or null without a photo. */
  previewImage: string | null;
}

/** A page of profiles: `page` is the one served after wraparound. */
export interface ProfilePage {
  profiles: ProfileCard[];
  page: number;
  pageCount: number;
  /** False for members who may not page (FREE, expired). */
  paging: boolean;
}

/** A full profile with names instead of ids (section 2, "/full_profile"). */
export interface FullProfile {
  pid: number;
  profileType: string;
  gender: Gender;
  photoUrl: string | null;
  name: string;
  surName: string;
  height: string | null;
  color: string | null;
  marriageTurn: 1 | 2;
  birthDate: string;
  birthTime: string;
  birthPlace: string;
  religion: string | null;
  subCaste: string | null;
  star: string | null;
  starTe: string | null;
  raasi: string | null;
  raasiTe: string | null;
  padham: string | null;
  /** Matching points with the viewer, as on the card. */
  astroPoints: number | null;
  /** The eight kootas behind astroPoints, and the nadi and bhakoot doshas. */
  astroMatch: AshtakootaScore | null;
  basicEducation: string | null;
  education: string | null;
  educationDetails: string;
  professionType: string | null;
  professionTypeId: number | null;
  professionDetails: string;
  workingIn: 1 | 2 | null;
  workingCity: string | null;
  workingCountry: string | null;
  abroadWorkingCity: string | null;
  workVisa: string | null;
  annualIncome: string | null;
  fatherName: string;
  fatherProfession: string;
  motherName: string;
  motherProfession: string;
  nativeDistrict: string | null;
  nativeState: string | null;
  residingCity: string | null;
  mobileNo: string;
  alternateMobileNo: string | null;
  email: string | null;
  presentAddress: string;
  hasSiblings: 0 | 1 | 2;
  siblings: Sibling[];
}

/** POST /api/view_profile: the full profile, and whether this view used one from the balance. */
export interface ViewResult {
  profile: FullProfile;
  charged: boolean;
  profileLimits: ProfileLimits;
}

/**
 * A card on the public page /link (section 2): what the agency publishes.
 * The phone is present only for profiles free to the public (section 6).
 */
export interface PublicCard {
  pid: number;
  publicProfile: Exclude<PublicProfile, null>;
  /** A paid member's profile (section 3, "paid (flag on public cards)"). */
  paid: boolean;
  /** The full photo when its owner shows it to all (showPhoto 2), otherwise its blurred derivative; null without a photo. */
  photoUrl: string | null;
  photoVisible: boolean;
  surname: string;
  name: string;
  age: number;
  birthDate: string;
  birthTime: string;
  birthPlace: string;
  height: string | null;
  caste: string | null;
  religion: string | null;
  star: string | null;
  starTe: string | null;
  padham: string | null;
  education: string;
  profession: string;
  fatherName: string;
  fatherProfession: string;
  motherName: string;
  motherProfession: string;
  annualIncome: string | null;
  marriageTurn: 1 | 2;
  phone: string | null;
}

/** A promotional message (section 3, "Public message"): WhatsApp markup *bold*, _italic_, ~strike~. */
export interface PublicMessage {
  id: number;
  messageContent: string;
}

export interface PublicTemplate {
  id: number;
  name: string;
  messages: PublicMessage[];
}

/**
 * How a session began (ADR 0024): the password (or a password just set with
 * a WhatsApp code), a link from one of the product's WhatsApp messages, or a
 * link the agency issued in its console.
 */
export type SignInMethod = "password" | "code" | "link" | "agency_link";

/** GET /api/users/sessions: one of the member's live sessions, "Where you are signed in". */
export interface MemberSession {
  signedInAt: string;
  expiresAt: string;
  /** null for sessions begun before the way was recorded. */
  method: SignInMethod | null;
  /** The session of this very request. */
  current: boolean;
}

/** POST /api/users/sessions/end_others: how many other sessions ended. */
export interface EndedSessions {
  ended: number;
}
