import * as z from "zod/mini";
import { GENDERS, PROFILE_TYPES } from "../constants.ts";
import {
  auditQuery,
  correctPersonalSchema,
  inboundQuery,
  issueLinkSchema,
  memberSearchQuery,
  memberStatusSchema,
  membershipSchema,
  outboxQuery,
  publicListSchema,
  recordIdField,
  recommendationSchema,
  templateSchema,
  visibilitySchema,
} from "../schemas/admin.ts";
import { educationDataSchema, parentsDataSchema, professionalDataSchema } from "../schemas/profile-edit.ts";
import { staffDeleteProfileSchema } from "../schemas/delete-profile.ts";
import { profileIdField } from "../schemas/search.ts";
import { newStaffSchema, ownPasswordSchema, profileInterestSchema, staffSignInSchema } from "../schemas/staff.ts";
import { MESSAGE_LANGUAGES, OUTBOX_KINDS } from "../whatsapp-messages.ts";
import { flag, type ApiRoute } from "./api-route.ts";
import { membershipStateSchema, profileLimitsSchema } from "./membership.ts";
import { profileDeletionSchema, userRecordSchema } from "./members.ts";
import { interestStatusSchema, publicProfileSchema } from "./profiles.ts";
import { publicMessageSchema } from "./public.ts";

// The agency console's calls, under /api/admin (ADR 0018, ADR 0022). Staff
// see members whole: these answers carry phone numbers and messages, and
// only /api/admin gives them. The types of shared/admin-types.ts must equal
// these schemas (checked in tests/unit/contract-types.test.ts).

export const staffUserSchema = z.object({ id: z.number(), username: z.string(), name: z.string(), role: z.enum(["owner", "staff"]) });

export const staffAccountSchema = z.extend(staffUserSchema, { active: z.boolean(), createdAt: z.string() });

/** The password is shown this once. */
export const staffPasswordSchema = z.object({ account: staffAccountSchema, password: z.string() });

export const staffSignInResultSchema = z.object({ token: z.string(), staff: staffUserSchema });

/** One page of a console list; `total` counts every match. */
export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

export const adminMemberRowSchema = z.object({
  pid: z.number(),
  gender: z.enum(GENDERS),
  name: z.string(),
  surName: z.string(),
  mobile: z.string(),
  profileLimits: profileLimitsSchema,
  membership: membershipStateSchema,
  /** False once the agency deactivated the member. */
  active: z.boolean(),
  createdAt: z.string(),
});

export const adminInterestSchema = z.object({
  fromPid: z.number(),
  toPid: z.number(),
  state: z.enum(["pending", "approved", "denied", "withdrawn"]),
  interestedAt: z.string(),
  decidedAt: z.nullable(z.string()),
});

export const deliveryProblemSchema = z.object({ reason: z.string(), action: z.string() });

export const outboxStatusSchema = z.enum(["pending", "sent", "delivered", "read", "failed"]);

/** The latest one-time code sent to a member, flagged when it has not reached them. */
export const codeDeliverySchema = z.object({
  kind: z.enum(OUTBOX_KINDS),
  status: outboxStatusSchema,
  createdAt: z.string(),
  flagged: z.boolean(),
  problem: z.nullable(deliveryProblemSchema),
});

/** A message a member (or anyone) wrote to the agency's WhatsApp number. */
export const inboundMessageSchema = z.object({
  wamid: z.string(),
  fromMobile: z.string(),
  memberPid: z.nullable(z.number()),
  memberName: z.nullable(z.string()),
  profileName: z.nullable(z.string()),
  type: z.string(),
  text: z.nullable(z.string()),
  receivedAt: z.string(),
  windowOpenUntil: z.string(),
});

/** GET /api/admin/members/{pid}: the member whole; every change of a member answers it. */
export const adminMemberSchema = z.extend(adminMemberRowSchema, {
  record: userRecordSchema,
  showPhoto: z.literal([1, 2]),
  publicProfile: publicProfileSchema,
  photoUrl: z.nullable(z.string()),
  liveSessions: z.number(),
  interests: z.array(adminInterestSchema),
  passwordSet: z.boolean(),
  latestCode: z.nullable(codeDeliverySchema),
  inbound: z.array(inboundMessageSchema),
  /** When the member's data is erased (ADR 0034): deleted at their request, or unused for the retention period and told; null when no erasure is due. */
  erasure: z.nullable(z.object({ eraseAfter: z.string(), reason: z.enum(["deleted", "retention"]) })),
});

/** An auto-login link; `id` is the stored SHA-256 of the token, which opens nothing (ADR 0011). */
export const adminLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(["profile", "interest", "whatsapp"]),
  targetPid: z.nullable(z.number()),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  usedAt: z.nullable(z.string()),
  live: z.boolean(),
});

/** A WhatsApp message of the outbox as the console shows it (ADR 0009, ADR 0020); a code's text only to owners. */
export const adminOutboxMessageSchema = z.object({
  id: z.number(),
  memberPid: z.nullable(z.number()),
  toMobile: z.string(),
  kind: z.enum(OUTBOX_KINDS),
  language: z.enum(MESSAGE_LANGUAGES),
  body: z.string(),
  bodyHidden: z.boolean(),
  status: outboxStatusSchema,
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  errorCode: z.nullable(z.number()),
  problem: z.nullable(deliveryProblemSchema),
  sentAs: z.nullable(z.enum(["template", "text"])),
  providerMessageId: z.nullable(z.string()),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  expiresAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  readAt: z.nullable(z.string()),
  failedAt: z.nullable(z.string()),
  byHand: z.boolean(),
  waMe: z.nullable(z.string()),
});

export const issuedLinkSchema = z.object({
  link: adminLinkSchema,
  url: z.string(),
  /** Profile links only: the same link through /new_profiles_link (§ "2. Screens and routes"). */
  newProfilesUrl: z.nullable(z.string()),
  message: adminOutboxMessageSchema,
});

export const outboxSummarySchema = z.object({
  waiting: z.number(),
  failed: z.number(),
  cloudApi: z.boolean(),
  templateProblems: z.array(z.object({ errorCode: z.number(), count: z.number(), lastAt: z.string(), problem: deliveryProblemSchema })),
  repliesToday: z.number(),
});

export const adminRecommendationSchema = z.object({
  pid: z.number(),
  name: z.string(),
  surName: z.string(),
  profileType: z.enum(PROFILE_TYPES),
  source: z.enum(["agency", "matches"]),
  createdAt: z.string(),
  dismissedAt: z.nullable(z.string()),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  staff: z.object({ id: z.number(), username: z.string(), name: z.string() }),
  action: z.string(),
  target: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});

export const adminTemplateSchema = z.object({ id: z.number(), name: z.string(), messages: z.array(publicMessageSchema), updatedAt: z.string() });

/** A public list: /link?id={date} for a day, /link?wid={date} for a week. */
export const adminPublicListSchema = z.object({
  id: z.number(),
  date: z.string(),
  week: z.boolean(),
  templateId: z.nullable(z.number()),
  pids: z.array(z.number()),
  url: z.string(),
});

const memberParams = z.object({ pid: profileIdField });
const noMember = { 404: ["NOT_FOUND"] } as const;
const outboxParams = z.object({ id: recordIdField("This is not a message of the outbox") });
const templateParams = z.object({ id: recordIdField("This is not a template") });
const staffParams = z.object({ id: recordIdField("This is not a staff account") });

/** A member's whole record changed by staff: the member back; 404 for no such member, 409 for a profile its member deleted (ADR 0034) and the change's own conflicts. */
function memberChange(path: string, summary: string, input: Pick<ApiRoute, "json" | "multipart">): ApiRoute {
  return { method: "put", path, summary, auth: "staff", params: memberParams, ...input, data: adminMemberSchema, errors: { ...noMember, 409: ["CONFLICT"] } };
}

export const adminRoutes: ApiRoute[] = [
  {
    method: "post",
    path: "/admin/sign_in",
    summary: "Staff sign-in (ADR 0018).",
    auth: "none",
    json: staffSignInSchema,
    data: staffSignInResultSchema,
    errors: { 400: ["SIGN_IN_FAILED"] },
  },
  { method: "get", path: "/admin/me", summary: "The signed-in staff member.", auth: "staff", data: z.nullable(staffUserSchema) },
  {
    method: "put",
    path: "/admin/me/password",
    summary: "Change one's own password with the current one.",
    auth: "staff",
    json: ownPasswordSchema,
    data: flag("changed"),
    errors: { 409: ["CONFLICT"] },
  },
  { method: "post", path: "/admin/sign_out", summary: "End this staff session.", auth: "staff", data: flag("signedOut") },
  {
    method: "post",
    path: "/admin/profile_interest",
    notes: "Outside the member's daily cap; the once-a-week rule applies.",
    summary: "Send interest for a member (section 7: userId, interestedId, skip).",
    auth: "staff",
    json: profileInterestSchema,
    data: interestStatusSchema,
    errors: { 400: ["BAD_REQUEST"], 404: ["NOT_FOUND"], 409: ["CONFLICT"] },
  },
  {
    method: "get",
    path: "/admin/audit_log",
    notes: "Append-only (ADR 0018).",
    summary: "The append-only audit log (owners).",
    auth: "owner",
    query: auditQuery,
    data: pagedSchema(auditEntrySchema),
  },
  {
    method: "get",
    path: "/admin/members",
    notes: "By Profile ID, name or mobile digits, newest first; filters tier, gender, membership (active, expired, free) and status.",
    summary: "Find members.",
    auth: "staff",
    query: memberSearchQuery,
    data: pagedSchema(adminMemberRowSchema),
  },
  {
    method: "get",
    path: "/admin/members/:pid",
    notes: "Record, membership, visibility, live sessions and requests both ways; the opening is written to the access log (ADR 0033).",
    summary: "A member whole.",
    auth: "staff",
    params: memberParams,
    data: adminMemberSchema,
    errors: noMember,
  },
  {
    ...memberChange("/admin/members/:pid/membership", "Sell or renew a membership.", { json: membershipSchema }),
    notes:
      "Tier, profilesCount, total and lastViewDate in one action; 409 if the membership changed since the form read it: the views used (`expectedTotal`), and the tier, views bought and last day when `expectedProfileType`, `expectedProfilesCount` and `expectedLastViewDate` are sent; 409 for a deleted profile. A membership that runs to today or later cancels a retention erasure (ADR 0034).",
  },
  memberChange("/admin/members/:pid/visibility", "Photo and public-page visibility.", { json: visibilitySchema }),
  { ...memberChange("/admin/members/:pid/status", "Deactivate or reactivate.", { json: memberStatusSchema }), notes: "Deactivating ends the member's sessions." },
  {
    method: "post",
    path: "/admin/members/:pid/reset_password",
    summary: "Send the member a code to set a new password; answers the outbox message.",
    auth: "staff",
    params: memberParams,
    data: adminOutboxMessageSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/admin/members/:pid/end_sessions",
    summary: "Sign the member out everywhere.",
    auth: "staff",
    params: memberParams,
    data: z.object({ ended: z.number() }),
    errors: noMember,
  },
  {
    method: "post",
    path: "/admin/members/:pid/delete_profile",
    summary: "Delete the profile on the member's request, closing the data request named (ADR 0034); audit-logged.",
    auth: "staff",
    params: memberParams,
    json: staffDeleteProfileSchema,
    data: profileDeletionSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  // The member's gender decides the age rule; the document shows the schema for a bride.
  {
    ...memberChange("/admin/members/:pid/personal", "Correct the personal tab, birth date, time and height (ADR 0022).", {
      multipart: { schema: correctPersonalSchema("F"), photo: "optional" },
    }),
    notes: "With the member's own schemas, plus birth date, birth time and height (not gender); answers the member whole, audited with the changed fields before and after.",
  },
  memberChange("/admin/members/:pid/education", "Correct the education tab.", { json: educationDataSchema }),
  memberChange("/admin/members/:pid/profession", "Correct the profession tab.", { json: professionalDataSchema }),
  {
    ...memberChange("/admin/members/:pid/parents", "Correct the parents tab, WhatsApp number without a code.", { json: parentsDataSchema }),
    notes: "A new WhatsApp number is stored at once, without a code; the member's sessions end, their links are revoked and their open codes closed in the same batch.",
  },
  {
    method: "get",
    path: "/admin/members/:pid/recommendations",
    summary: "Profiles recommended to the member.",
    auth: "staff",
    params: memberParams,
    data: z.array(adminRecommendationSchema),
    errors: noMember,
  },
  {
    method: "post",
    path: "/admin/members/:pid/recommendations",
    summary: "Recommend a profile to the member.",
    auth: "staff",
    params: memberParams,
    json: recommendationSchema,
    data: z.array(adminRecommendationSchema),
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  {
    method: "delete",
    path: "/admin/members/:pid/recommendations/:recommendedPid",
    summary: "Withdraw a recommendation.",
    auth: "staff",
    params: z.object({ pid: profileIdField, recommendedPid: profileIdField }),
    data: z.array(adminRecommendationSchema),
    errors: noMember,
  },
  {
    method: "get",
    path: "/admin/members/:pid/links",
    summary: "The member's auto-login links.",
    auth: "staff",
    params: memberParams,
    data: z.array(adminLinkSchema),
    errors: noMember,
  },
  {
    method: "post",
    path: "/admin/members/:pid/links",
    notes: "The link also goes to the member as a WhatsApp message, which is answered.",
    summary: "Issue an auto-login link; the token is shown this once (ADR 0011).",
    auth: "staff",
    params: memberParams,
    json: issueLinkSchema,
    data: issuedLinkSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/admin/links/:id/revoke",
    summary: "Revoke a link and sign out whoever it signed in (ADR 0024).",
    auth: "staff",
    params: z.object({ id: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
    data: adminLinkSchema,
    errors: noMember,
  },
  {
    method: "get",
    path: "/admin/outbox",
    notes: "Every WhatsApp message with its delivery (sent, delivered, read, failed and what to do) and wa.me links while it may be sent by hand; a code's text for owners only.",
    summary: "The WhatsApp outbox (ADR 0009).",
    auth: "staff",
    query: outboxQuery,
    data: pagedSchema(adminOutboxMessageSchema),
  },
  { method: "get", path: "/admin/outbox/summary", summary: "The outbox's counts and alerts.", auth: "staff", data: outboxSummarySchema },
  {
    method: "get",
    path: "/admin/outbox/inbound",
    summary: "Messages written to the agency's number.",
    auth: "staff",
    query: inboundQuery,
    data: pagedSchema(inboundMessageSchema),
  },
  {
    method: "post",
    path: "/admin/outbox/:id/retry",
    summary: "Send a failed message again.",
    auth: "staff",
    params: outboxParams,
    data: adminOutboxMessageSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/admin/outbox/:id/open",
    notes: "Audited in the access log (ADR 0033).",
    summary: "The click-to-chat link of a message to send by hand.",
    auth: "staff",
    params: outboxParams,
    data: z.object({ waMe: z.string() }),
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/admin/outbox/:id/sent_by_hand",
    summary: "Mark a message sent by hand.",
    auth: "staff",
    params: outboxParams,
    data: adminOutboxMessageSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  { method: "get", path: "/admin/templates", summary: "Templates of the public page's messages.", auth: "staff", data: z.array(adminTemplateSchema) },
  { method: "post", path: "/admin/templates", summary: "Create a template.", auth: "staff", json: templateSchema, data: adminTemplateSchema },
  {
    method: "put",
    path: "/admin/templates/:id",
    summary: "Change a template.",
    auth: "staff",
    params: templateParams,
    json: templateSchema,
    data: adminTemplateSchema,
    errors: noMember,
  },
  { method: "delete", path: "/admin/templates/:id", summary: "Delete a template.", auth: "staff", params: templateParams, data: flag("deleted"), errors: noMember },
  { method: "get", path: "/admin/public_lists", summary: "The latest public lists.", auth: "staff", data: z.array(adminPublicListSchema) },
  {
    method: "put",
    path: "/admin/public_lists",
    notes: "The profiles of `/link?id=` (a day) or `/link?wid=` (a week), in order; only members who agreed to be listed (ADR 0033).",
    summary: "Save a day's or a week's public list.",
    auth: "staff",
    json: publicListSchema,
    data: adminPublicListSchema,
  },
  {
    method: "delete",
    path: "/admin/public_lists/:id",
    summary: "Delete a public list.",
    auth: "staff",
    params: z.object({ id: recordIdField("This is not a public list") }),
    data: flag("deleted"),
    errors: noMember,
  },
  { method: "get", path: "/admin/staff", summary: "Staff accounts (owners).", auth: "owner", data: z.array(staffAccountSchema) },
  {
    method: "post",
    path: "/admin/staff",
    notes: "The password is made by the server and shown once.",
    summary: "Add a staff account; its password is shown once.",
    auth: "owner",
    json: newStaffSchema,
    data: staffPasswordSchema,
    errors: { 409: ["CONFLICT"] },
  },
  {
    method: "put",
    path: "/admin/staff/:id/status",
    summary: "Deactivate or reactivate a staff account.",
    auth: "owner",
    params: staffParams,
    json: memberStatusSchema,
    data: staffAccountSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/admin/staff/:id/reset_password",
    summary: "A new password for a staff account, shown once.",
    auth: "owner",
    params: staffParams,
    data: staffPasswordSchema,
    errors: { ...noMember, 409: ["CONFLICT"] },
  },
];

/** Named in docs/api/openapi.json as in shared/admin-types.ts. */
export const adminComponents = {
  StaffUser: staffUserSchema,
  StaffAccount: staffAccountSchema,
  StaffPassword: staffPasswordSchema,
  StaffSignInResult: staffSignInResultSchema,
  AdminMemberRow: adminMemberRowSchema,
  AdminInterest: adminInterestSchema,
  DeliveryProblem: deliveryProblemSchema,
  CodeDelivery: codeDeliverySchema,
  InboundMessage: inboundMessageSchema,
  AdminMember: adminMemberSchema,
  AdminLink: adminLinkSchema,
  AdminOutboxMessage: adminOutboxMessageSchema,
  IssuedLink: issuedLinkSchema,
  OutboxSummary: outboxSummarySchema,
  AdminRecommendation: adminRecommendationSchema,
  AuditEntry: auditEntrySchema,
  AdminTemplate: adminTemplateSchema,
  AdminPublicList: adminPublicListSchema,
};
