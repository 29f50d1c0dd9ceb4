import * as z from "zod/mini";
import type { DataRequestKind } from "../api-types.ts";
import { profileIdField } from "./search.ts";

// The privacy calls (DPDP Rules 2025, ADR 0033): the member's consents,
// data requests, and the console's access log and request list. Forms
// validate with the same schemas.

export type ConsentPurpose = "publicList" | "promotions";

const consentFlag = (what: string) => z.optional(z.boolean({ error: `${what} must be true or false` }));

/** The two optional consents: being listed on /link, promotional messages. Absent means no. */
export const consentChoicesSchema = z.object({
  publicList: consentFlag("publicList"),
  promotions: consentFlag("promotions"),
});
export type ConsentChoices = z.output<typeof consentChoicesSchema>;

const NOTICE_VERSION_MESSAGE = "noticeVersion must be the version of the notice you agree to";
/** As long as registration's noticeVersion may be. */
const NOTICE_VERSION_MAX = 40;

/**
 * POST /api/users/consents: one or both choices, and `noticeVersion` when the
 * member agrees to the notice of that version ("I have read it and agree"):
 * agreeing is its own act, never implied by a choice (ADR 0033). A call that
 * names none of them changes nothing and is refused.
 */
export const consentChangeSchema = z
  .extend(consentChoicesSchema, {
    noticeVersion: z.optional(z.string({ error: NOTICE_VERSION_MESSAGE }).check(z.minLength(1, NOTICE_VERSION_MESSAGE), z.maxLength(NOTICE_VERSION_MAX, NOTICE_VERSION_MESSAGE))),
  })
  .check(
    z.refine((change) => change.publicList !== undefined || change.promotions !== undefined || change.noticeVersion !== undefined, {
      message: "Choose publicList, promotions or both, or agree to the notice with noticeVersion.",
      path: ["_"],
    }),
  );
export type ConsentChange = z.output<typeof consentChangeSchema>;

const DATA_REQUEST_KINDS = ["correction", "erasure", "grievance"] as const satisfies readonly DataRequestKind[];

const KIND_MESSAGE = "Choose correction, erasure or grievance";
const DETAILS_MAX = 2000;
const detailsField = z
  .string({ error: "Please describe your request" })
  .check(z.trim(), z.minLength(1, "Please describe your request"), z.maxLength(DETAILS_MAX, `Please keep the description under ${DETAILS_MAX} characters`));

/** POST /api/users/data_requests: a member's request, about their own profile. */
export const memberDataRequestSchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS, { error: KIND_MESSAGE }),
  details: detailsField,
});

const dayField = z.string({ error: "Give the date as yyyy-mm-dd" }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as yyyy-mm-dd"),
  z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), "This is not a date"),
);

/** POST /api/admin/data_requests: a request that came by phone or letter, recorded by staff. */
export const staffDataRequestSchema = z.object({
  pid: z.optional(z.nullable(profileIdField)),
  kind: z.enum(DATA_REQUEST_KINDS, { error: KIND_MESSAGE }),
  details: detailsField,
  /** The day it reached the agency, when that was before today; today when absent. */
  receivedOn: z.optional(dayField),
});

/** POST /api/admin/data_requests/{id}/close: what was done, in words the member could be told. */
export const closeDataRequestSchema = z.object({
  outcome: z
    .string({ error: "Say what was done" })
    .check(z.trim(), z.minLength(1, "Say what was done"), z.maxLength(DETAILS_MAX, `Please keep the outcome under ${DETAILS_MAX} characters`)),
});

/** GET /api/admin/data_requests. */
export const dataRequestListQuery = z.object({
  status: z.optional(z.enum(["open", "closed"], { error: "Choose open or closed" })),
});

export const ACCESS_PAGE_SIZE = 50;
// Not imported from ./admin.ts: registration.ts imports this file, and admin.ts imports registration.ts.
const ACCESS_MAX_PAGE_SIZE = 100;

/** GET /api/admin/access_log: newest first; `before` is the `next` of the page before. */
export const accessLogQuery = z.object({
  pid: z.optional(profileIdField),
  before: z.optional(
    z.pipe(
      z.transform((value: unknown) => Number(value)),
      z.int({ error: "before must be the next value of a page" }).check(z.positive("before must be the next value of a page")),
    ),
  ),
  pageSize: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === undefined || value === "" ? ACCESS_PAGE_SIZE : Number(value))),
      z
        .int({ error: "pageSize must be a whole number" })
        .check(z.minimum(1, `pageSize must be between 1 and ${ACCESS_MAX_PAGE_SIZE}`), z.maximum(ACCESS_MAX_PAGE_SIZE, `pageSize must be between 1 and ${ACCESS_MAX_PAGE_SIZE}`)),
    ),
  ),
});

/** GET /api/users/my_data: JSON unless format=html. */
export const myDataQuery = z.object({
  format: z.optional(z.enum(["json", "html"], { error: "format must be json or html" })),
});
