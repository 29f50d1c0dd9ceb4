// What the agency console's calls answer (ADR 0018), inside the
// usual `{ data }` envelope. Staff see members whole: these types carry
// phone numbers and messages, and only /api/admin answers with them.
import type { PublicMessage, PublicProfile, UserRecord } from "./api-types.ts";
import type { Gender, ProfileType } from "./constants.ts";
import type { AutoLoginKind } from "./links.ts";
import type { ProfileLimits } from "./membership.ts";
import type { DeliveryProblem } from "./whatsapp-errors.ts";
import type { MessageLanguage, OutboxKind } from "./whatsapp-messages.ts";

export type StaffRole = "owner" | "staff";

export interface StaffUser {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
}

/** A staff account as owners manage it (GET /api/admin/staff). */
export interface StaffAccount extends StaffUser {
  active: boolean;
  createdAt: string;
}

/** POST /api/admin/staff and .../reset_password: the password is shown this once. */
export interface StaffPassword {
  account: StaffAccount;
  password: string;
}

/** POST /api/admin/sign_in. */
export interface StaffSignInResult {
  token: string;
  staff: StaffUser;
}

/** One page of a list; `total` counts every match. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A member in the console's list (GET /api/admin/members). */
export interface AdminMemberRow {
  pid: number;
  gender: Gender;
  name: string;
  surName: string;
  mobile: string;
  profileLimits: ProfileLimits;
  membership: { paid: boolean; active: boolean; balance: number };
  /** False once the agency deactivated the member: no sign-in, hidden from every list. */
  active: boolean;
  createdAt: string;
}

export type RequestState = "pending" | "approved" | "denied" | "withdrawn";

/** A request made by or to the member. */
export interface AdminInterest {
  fromPid: number;
  toPid: number;
  state: RequestState;
  interestedAt: string;
  decidedAt: string | null;
}

/** GET /api/admin/members/{pid}: the member whole. */
export interface AdminMember extends AdminMemberRow {
  record: UserRecord;
  showPhoto: 1 | 2;
  publicProfile: PublicProfile;
  /** The full photo: staff may see it. */
  photoUrl: string | null;
  /** Sessions not ended and not expired. */
  liveSessions: number;
  interests: AdminInterest[];
  /** Whether the member has set a password: until then they sign in with a code (ADR 0021). */
  passwordSet: boolean;
  /** The latest one-time code sent to the member, or null. */
  latestCode: CodeDelivery | null;
  /** The member's latest messages to the agency's WhatsApp number, newest first. */
  inbound: InboundMessage[];
  /** The erasure of the member's data that is due, or null (ADR 0034). */
  erasure: PendingErasure | null;
}

/**
 * When the cron erases a member's data (ADR 0034): a profile deleted at the
 * member's request, or one unused for the retention period whose member was
 * told; a sign-in, or a membership sold, cancels the latter. `eraseAfter` is
 * the earliest time: a retention notice waiting for staff to send it by
 * hand, or one that failed, holds the erasure back until 48 hours after it
 * went out (sent, or marked sent by hand).
 */
export interface PendingErasure {
  eraseAfter: string;
  reason: "deleted" | "retention";
}

/** An auto-login link issued for a member; the token itself is shown only once, when issued. */
export interface AdminLink {
  /** The stored SHA-256 of the token: names the link for revocation, and opens nothing. */
  id: string;
  kind: AutoLoginKind;
  targetPid: number | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** When it first signed the member in; it signs in again only for a few minutes after (ADR 0024). */
  usedAt: string | null;
  /** It would sign in now: not revoked, not expired, not used longer ago than the re-use grace. */
  live: boolean;
}

/** POST /api/admin/members/{pid}/links. */
export interface IssuedLink {
  link: AdminLink;
  url: string;
  /**
   * Profile links only: the same link through /new_profiles_link, the page
   * titled "Newly Added Profiles" that opens /profile_link (§ "2. Screens and routes").
   * Null also for a member who has not consented to promotional messages (ADR 0033).
   */
  newProfilesUrl: string | null;
  /** The WhatsApp message that carries the link (sent by the Cloud API, or by hand with its click-to-chat). */
  message: AdminOutboxMessage;
}

export type OutboxStatus = "pending" | "sent" | "delivered" | "read" | "failed";

/** A WhatsApp message of the outbox as the console shows it (ADR 0009, ADR 0020). */
export interface AdminOutboxMessage {
  id: number;
  memberPid: number | null;
  toMobile: string;
  kind: OutboxKind;
  language: MessageLanguage;
  /**
   * The text. A one-time code's text is shown to owners only (`bodyHidden`
   * for other staff), and is removed once sent or expired.
   */
  body: string;
  bodyHidden: boolean;
  /** sent, delivered and read come from WhatsApp's delivery receipts; read implies delivered. */
  status: OutboxStatus;
  /** Times a deliverer took the message to send it (counted when claimed). */
  attempts: number;
  lastError: string | null;
  /** The Cloud API's error code of the last failure. */
  errorCode: number | null;
  /** Why it failed or waits, and what staff do about it; null when nothing is wrong. */
  problem: DeliveryProblem | null;
  /** Sent by the Cloud API as the approved template, or as text inside the member's 24-hour window. */
  sentAs: "template" | "text" | null;
  providerMessageId: string | null;
  createdAt: string;
  nextAttemptAt: string;
  /** A code's expiry: an expired message is not sent any more. */
  expiresAt: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
  /** Staff may still send it by hand: it waits or failed, and its code has not expired. */
  byHand: boolean;
  /** Click-to-chat with the text typed in, while it may be sent by hand; null for a hidden code (see byHand). */
  waMe: string | null;
}

/** GET /api/admin/outbox/summary: the console's Outbox entry and its alerts. */
export interface OutboxSummary {
  /** Waiting to be sent (by the Cloud API, or by staff when it is not connected). */
  waiting: number;
  /** Failed in the last 7 days. */
  failed: number;
  /** Whether the Cloud API is connected; without it staff send every message by hand. */
  cloudApi: boolean;
  /** Templates that failed in the last day because they are missing, paused or wrong. */
  templateProblems: { errorCode: number; count: number; lastAt: string; problem: DeliveryProblem }[];
  /** Messages members wrote to the agency in the last 24 hours. */
  repliesToday: number;
}

/** A message a member (or anyone) wrote to the agency's WhatsApp number. */
export interface InboundMessage {
  wamid: string;
  fromMobile: string;
  memberPid: number | null;
  memberName: string | null;
  profileName: string | null;
  type: string;
  text: string | null;
  receivedAt: string;
  /** Until when the agency may answer in free text: 24 hours after the sender's latest message. */
  windowOpenUntil: string;
}

/** The latest one-time code sent to a member, for their record: flagged when it has not reached them. */
export interface CodeDelivery {
  kind: OutboxKind;
  status: OutboxStatus;
  createdAt: string;
  /** Not delivered (failed, expired, waiting for staff, or no receipt 15 minutes after it was sent). */
  flagged: boolean;
  problem: DeliveryProblem | null;
}

/** A profile the agency recommended to a member (they appear on /recommended_profiles). */
export interface AdminRecommendation {
  pid: number;
  name: string;
  surName: string;
  profileType: ProfileType;
  source: "agency" | "matches";
  createdAt: string;
  /** When the member chose "Not interested". */
  dismissedAt: string | null;
}

/** An entry of the append-only audit log (owners only). */
export interface AuditEntry {
  id: number;
  staff: { id: number; username: string; name: string };
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  at: string;
}

export interface AdminTemplate {
  id: number;
  name: string;
  messages: PublicMessage[];
  updatedAt: string;
}

/** A public list: /link?id={date} for a day, /link?wid={date} for a week. */
export interface AdminPublicList {
  id: number;
  date: string;
  week: boolean;
  templateId: number | null;
  pids: number[];
  /** The /link URL to share. */
  url: string;
}
