// Response bodies of the agency API (ADR 0002): success is
// `{ data }` with camelCase keys; failure is a non-2xx status with
// `{ error, code }`, and sign-in failures also carry `err` (§ "8. Error catalogue").
// The types are inferred from the contract's zod schemas (shared/contract,
// ADR 0035), which also make docs/api/openapi.json: the Worker's answers,
// the screens' types and the document cannot disagree.
import type * as z from "zod/mini";
import type { apiFailureSchema } from "./contract/api-route.ts";
import type { codeSentSchema } from "./contract/membership.ts";
import type {
  currentUserSchema,
  deleteProfileCodeSentSchema,
  profileDeletionSchema,
  endedSessionsSchema,
  linkSignInResultSchema,
  memberSessionSchema,
  ownRecordSchema,
  pendingMobileSchema,
  registrationResultSchema,
  signInMethodSchema,
  signInResultSchema,
  userRecordSchema,
} from "./contract/members.ts";
import type {
  fullProfileSchema,
  profileCardDetailsSchema,
  profileCardSchema,
  memberListItemSchema,
  memberListPageSchema,
  profilePageSchema,
  publicProfileSchema,
  removedProfileSchema,
  interestStatusSchema,
  siblingRecordSchema,
  viewResultSchema,
  whatsappProfileSchema,
} from "./contract/profiles.ts";
import type {
  accessLogEntrySchema,
  accessLogPageSchema,
  adminDataRequestSchema,
  consentStateSchema,
  dataRequestKindSchema,
  dataRequestReceiptSchema,
  myDataExportSchema,
  myDataSectionSchema,
  myDataValueSchema,
  privacyInfoSchema,
} from "./contract/privacy.ts";
import type { lookupItemSchema, profileTeaserSchema, publicCardSchema, publicMessageSchema, publicTemplateSchema } from "./contract/public.ts";

export interface ApiSuccess<T> {
  data: T;
}

/** A failure (ADR 0002): `err` on sign-in failures (the login screen's red alert), `fields` on validation failures (a message per field). */
export type ApiFailure = z.infer<typeof apiFailureSchema>;

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
  /** Registration named a privacy notice that is not the one in force (ADR 0033). */
  "NOTICE_CHANGED",
  "BAD_GATEWAY",
  "GATEWAY_TIMEOUT",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A reference-list entry (§ "3. Entities and their fields", "Lookup lists"). */
export type LookupItem = z.infer<typeof lookupItemSchema>;

/**
 * A one-time code on its way to a member's WhatsApp (ADR 0021). The same for
 * every request, whether or not a code was really sent, so that it tells a
 * stranger nothing.
 */
export type CodeSent = z.infer<typeof codeSentSchema>;

/** POST /api/users/delete_profile and /api/admin/members/{pid}/delete_profile: when the data is erased (ADR 0034). */
export type ProfileDeletion = z.infer<typeof profileDeletionSchema>;

/** POST /api/users/delete_profile/code: the code is on its way. */
export type DeleteProfileCodeSent = z.infer<typeof deleteProfileCodeSentSchema>;

/** POST /api/users/sign_in. */
export type SignInResult = z.infer<typeof signInResultSchema>;

/** POST /api/users/link_sign_in: the session and the current user. */
export type LinkSignInResult = z.infer<typeof linkSignInResultSchema>;

/** GET /api/users/current: the signed-in member, kept in local storage. */
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A member's full record (§ "User record (read)"), as the owner
 * sees it on the edit screen. Dates are shown as the specification formats
 * them: birthDate dd-MM-yyyy, birthTime h:mma.
 */
export type UserRecord = z.infer<typeof userRecordSchema>;

/** The member's own record, for the edit screen (GET users/{pid}, and each edit tab's answer). */
export type OwnRecord = z.infer<typeof ownRecordSchema>;

/** A sibling (§ "Sibling"). */
export type Sibling = z.infer<typeof siblingRecordSchema>;

/** POST /api/save_new_registration: the new Profile ID, and the code to set a password that is on its way. */
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** PUT /api/profile_parents_data with a new WhatsApp number: stored once the code sent to it is confirmed. */
export type PendingMobile = z.infer<typeof pendingMobileSchema>;

/** Where a profile may appear on public pages (§ "2. Screens and routes", "/link" labels). */
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/**
 * A profile card (§ "Profile card content"; § "3. Entities and their fields", "Profile
 * list / card record"). Never carries phone numbers, email, address or the
 * parents' contact: those are only in a FullProfile.
 */
export type ProfileCard = z.infer<typeof profileCardSchema>;

/** Show-more details: only for paid viewers (§ "2. Screens and routes"). */
export type ProfileCardDetails = z.infer<typeof profileCardDetailsSchema>;

/** GET /api/profile_teaser/{pid}: what a stranger may see of a profile, as its link preview shows it. */
export type ProfileTeaser = z.infer<typeof profileTeaserSchema>;

/** A page of profiles: `page` is the one served after wraparound. */
export type ProfilePage = z.infer<typeof profilePageSchema>;

/** A member who deleted their profile, in another member's own lists until the erasure: the Profile ID alone (ADR 0034). */
export type RemovedProfile = z.infer<typeof removedProfileSchema>;

/** An entry of a member's own lists (interests, recommendations): a card, or a deleted profile. */
export type MemberListItem = z.infer<typeof memberListItemSchema>;

/** GET /api/profile_visits: a page of the member's own lists. */
export type MemberListPage = z.infer<typeof memberListPageSchema>;

/** A full profile with names instead of ids (§ "2. Screens and routes", "/full_profile"). */
export type FullProfile = z.infer<typeof fullProfileSchema>;

/** POST /api/view_profile: the full profile, and whether this view used one from the balance. */
export type ViewResult = z.infer<typeof viewResultSchema>;

/** Where a request stands after send_interest or the console's profile_interest (ADR 0012). */
export type InterestResult = z.infer<typeof interestStatusSchema>;

/** GET /api/whatsapp_profile: the card, and the phone only to the owner or an entitled viewer. */
export type WhatsappProfile = z.infer<typeof whatsappProfileSchema>;

/**
 * A card on the public page /link (§ "2. Screens and routes"): what the agency publishes.
 * The phone is present only for profiles free to the public (§ "6. Roles and permissions").
 */
export type PublicCard = z.infer<typeof publicCardSchema>;

/** A promotional message (§ "3. Entities and their fields", "Public message"): WhatsApp markup *bold*, _italic_, ~strike~. */
export type PublicMessage = z.infer<typeof publicMessageSchema>;

export type PublicTemplate = z.infer<typeof publicTemplateSchema>;

/**
 * How a session began (ADR 0024): the password (or a password just set with
 * a WhatsApp code), a link from one of the product's WhatsApp messages, or a
 * link the agency issued in its console.
 */
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** GET /api/users/sessions: one of the member's live sessions, "Where you are signed in". */
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** POST /api/users/sessions/end_others: how many other sessions ended. */
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/** GET /api/privacy: whom to ask about personal data, and the periods the agency set (DPDP Rules 2025, Rule 9; ADR 0033). */
export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;

/** GET and POST /api/users/consents. */
export type ConsentState = z.infer<typeof consentStateSchema>;

export type DataRequestKind = z.infer<typeof dataRequestKindSchema>;

/** POST /api/users/data_requests: `dueOn` (yyyy-mm-dd) is the day the agency's answer is due. */
export type DataRequestReceipt = z.infer<typeof dataRequestReceiptSchema>;

/** A data request in the agency console. */
export type AdminDataRequest = z.infer<typeof adminDataRequestSchema>;

/** One entry of GET /api/admin/access_log: a staff member read a member's personal data. */
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

/** A page of the access log, newest first; `next` is the `before` of the following page. */
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

/** A value of the member's export. */
export type MyDataValue = z.infer<typeof myDataValueSchema>;

/** One part of the export: a table of rows under readable column labels. */
export type MyDataSection = z.infer<typeof myDataSectionSchema>;

/** GET /api/users/my_data: everything stored about the member (ADR 0033). */
export type MyDataExport = z.infer<typeof myDataExportSchema>;
