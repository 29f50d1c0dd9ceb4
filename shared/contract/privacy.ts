import * as z from "zod/mini";
import {
  accessLogQuery,
  closeDataRequestSchema,
  consentChangeSchema,
  dataRequestListQuery,
  memberDataRequestSchema,
  myDataQuery,
  staffDataRequestSchema,
} from "../schemas/privacy.ts";
import { recordIdField } from "../schemas/admin.ts";
import type { ApiRoute } from "./api-route.ts";

// The privacy calls (DPDP Rules 2025, ADR 0033): whom to ask, the member's
// two optional consents, "Download my data", data requests, and the
// console's access log and request list.

/** GET /api/privacy: whom to ask about personal data, and the periods the agency set (Rule 9). */
export const privacyInfoSchema = z.object({
  noticeVersion: z.string(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  erasureAfterDays: z.number().check(z.describe('Days between "Delete my profile" and the erasure of the data.')),
  retentionYears: z.number().check(z.describe("Years without a sign-in or a membership after which a profile is erased.")),
});

/** One optional consent as it stands; `at` is its last change. */
export const consentStatusSchema = z.object({ granted: z.boolean(), at: z.nullable(z.string()) });

export const consentStateSchema = z.object({
  noticeVersion: z.nullable(z.string()).check(z.describe("The notice the member last agreed to; null for a member who has agreed to none.")),
  currentNoticeVersion: z.string(),
  publicList: consentStatusSchema.check(z.describe("Being listed on the public /link page.")),
  promotions: consentStatusSchema.check(z.describe("Promotional messages: the agency's lists of new profiles.")),
});

export const dataRequestKindSchema = z.enum(["correction", "erasure", "grievance"]);

/** A data request as its maker is told: `dueOn` (yyyy-mm-dd) is the day the agency's answer is due. */
export const dataRequestReceiptSchema = z.object({ id: z.number(), kind: dataRequestKindSchema, receivedAt: z.string(), dueOn: z.string() });

export const adminDataRequestSchema = z.extend(dataRequestReceiptSchema, {
  pid: z.nullable(z.number()),
  details: z.string(),
  status: z.enum(["open", "closed"]),
  closedAt: z.nullable(z.string()),
  outcome: z.nullable(z.string()),
});

/** A staff member read a member's personal data. */
export const accessLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.number(),
  staffName: z.string(),
  pid: z.number(),
  action: z.enum(["open_member", "read_message"]),
});

/** Newest first; `next` is the `before` of the following page. */
export const accessLogPageSchema = z.object({ entries: z.array(accessLogEntrySchema), next: z.nullable(z.string()) });

export const myDataValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One part of the export: a table of rows under readable column labels; `note` says what it holds or leaves out. */
export const myDataSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  note: z.nullable(z.string()),
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.record(z.string(), myDataValueSchema)),
});

/** Everything stored about the member, and what the export leaves out and why. */
export const myDataExportSchema = z.object({
  pid: z.number(),
  exportedAt: z.string(),
  agency: z.string(),
  sections: z.array(myDataSectionSchema),
  leftOut: z.array(z.object({ what: z.string(), why: z.string() })),
});

/** Named in docs/api/openapi.json as in shared/api-types.ts. */
export const privacyComponents = {
  PrivacyInfo: privacyInfoSchema,
  ConsentStatus: consentStatusSchema,
  ConsentState: consentStateSchema,
  DataRequestReceipt: dataRequestReceiptSchema,
  AdminDataRequest: adminDataRequestSchema,
  AccessLogEntry: accessLogEntrySchema,
  AccessLogPage: accessLogPageSchema,
  MyDataSection: myDataSectionSchema,
  MyDataExport: myDataExportSchema,
};

export const privacyRoutes: ApiRoute[] = [
  {
    method: "get",
    path: "/privacy",
    notes: "Cacheable for an hour.",
    summary: "Whom to ask about personal data, and the agency's periods (ADR 0033).",
    auth: "none",
    data: privacyInfoSchema,
  },
  { method: "get", path: "/users/consents", summary: "The member's two optional consents.", auth: "member", data: consentStateSchema },
  {
    method: "post",
    path: "/users/consents",
    notes:
      "Every change is kept with the notice version (ADR 0033). Agreeing to the notice is only noticeVersion, the version in force (409 NOTICE_CHANGED otherwise, nothing written); a change of a consent never agrees to it.",
    summary: "Give or withdraw either consent (the same call), or agree to the notice in force; takes effect at once.",
    auth: "member",
    json: consentChangeSchema,
    data: consentStateSchema,
  },
  {
    method: "get",
    path: "/users/my_data",
    notes: "No secrets: no hash, code or live link (ADR 0033).",
    summary: "Download my data: JSON, or with format=html an HTML file to keep (Content-Disposition: attachment).",
    auth: "member",
    query: myDataQuery,
    data: myDataExportSchema,
    html: true,
  },
  {
    method: "post",
    path: "/users/data_requests",
    notes: "Due in 30 (correction), 7 (erasure) or 90 (grievance) days; at most 5 open.",
    summary: "A request about the member's own data: correction, erasure or grievance, with the day its answer is due.",
    auth: "member",
    json: memberDataRequestSchema,
    data: dataRequestReceiptSchema,
    errors: { 409: ["CONFLICT"] },
  },
  {
    method: "get",
    path: "/admin/access_log",
    notes: "Newest first, filtered by Profile ID; kept 400 days.",
    summary: "Who read whose data (owners).",
    auth: "owner",
    query: accessLogQuery,
    data: accessLogPageSchema,
  },
  {
    method: "get",
    path: "/admin/data_requests",
    summary: "Members' data requests, open or closed.",
    auth: "staff",
    query: dataRequestListQuery,
    data: z.object({ requests: z.array(adminDataRequestSchema) }),
  },
  {
    method: "post",
    path: "/admin/data_requests",
    summary: "Record a request that came by phone or letter.",
    auth: "staff",
    json: staffDataRequestSchema,
    data: dataRequestReceiptSchema,
  },
  {
    method: "post",
    path: "/admin/data_requests/:id/close",
    summary: "Close a data request with what was done.",
    auth: "staff",
    params: z.object({ id: recordIdField("This is not a data request") }),
    json: closeDataRequestSchema,
    data: adminDataRequestSchema,
    errors: { 404: ["NOT_FOUND"], 409: ["CONFLICT"] },
  },
];
