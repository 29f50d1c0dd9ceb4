// What the agency console's calls answer (issue 7, ADR 0018), inside the
// usual `{ data }` envelope. Staff see members whole: these types carry
// phone numbers and messages, and only /api/admin answers with them.
import type { PublicMessage, PublicProfile, UserRecord } from "./api-types.ts";
import type { Gender, ProfileType } from "./constants.ts";
import type { AutoLoginKind } from "./links.ts";
import type { ProfileLimits } from "./membership.ts";

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
  live: boolean;
}

/** POST /api/admin/members/{pid}/links. */
export interface IssuedLink {
  link: AdminLink;
  url: string;
  /**
   * Profile links only: the same link through /new_profiles_link, the page
   * titled "Newly Added Profiles" that opens /profile_link (section 2).
   */
  newProfilesUrl: string | null;
  /** Opens WhatsApp to the member with the link typed in. */
  waMe: string;
}

export type OutboxKind = "password" | "interest_received" | "interest_approved" | "new_profiles" | "link";
export type OutboxStatus = "pending" | "sent" | "failed";

/** A WhatsApp message of the outbox (design brief section 3, ADR 0009). */
export interface OutboxMessage {
  id: number;
  memberPid: number | null;
  toMobile: string;
  kind: OutboxKind;
  body: string;
  status: OutboxStatus;
  /** Times a deliverer took the message to send it (counted when claimed). */
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}

/** An outbox message as the console shows it. */
export interface AdminOutboxMessage extends OutboxMessage {
  /** Click-to-chat with the text typed in, for delivery by hand; null once sent. */
  waMe: string | null;
}

/** A profile the agency recommended to a member (they appear on /recommended_profiles). */
export interface AdminSuggestion {
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
