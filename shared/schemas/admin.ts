import * as z from "zod/mini";
import { GENDERS, PROFILE_TYPES, type Gender } from "../constants.ts";
import { INDIA_TIME_ZONE, todayIn, weekStart } from "../dates.ts";
import { personalDataSchema } from "./profile-edit.ts";
import { REQUIRED, birthDateAgeProblem, dobField, requiredId, tobField } from "./profile-fields.ts";
import { publicDateField } from "./public-page.ts";
import { pageField, profileIdField } from "./search.ts";

// Payloads of the agency console's calls under /api/admin (ADR
// 0018). The console's forms validate with the same schemas.

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;

const pageSizeField = z.pipe(
  z.transform((value: unknown) => (value === undefined || value === "" ? ADMIN_PAGE_SIZE : Number(value))),
  z
    .int({ error: "pageSize must be a whole number" })
    .check(z.minimum(1, `pageSize must be between 1 and ${ADMIN_MAX_PAGE_SIZE}`), z.maximum(ADMIN_MAX_PAGE_SIZE, `pageSize must be between 1 and ${ADMIN_MAX_PAGE_SIZE}`)),
);

/** The id of a record in a path (a message, a template, a list), with the message for one that is not. */
export const recordIdField = (message: string) =>
  z.pipe(
    z.transform((value: unknown) => Number(value)),
    z.int({ error: message }).check(z.positive(message)),
  );

/** What the members list can be narrowed to by the membership rules (shared/membership.ts). */
export const MEMBERSHIP_FILTERS = ["active", "expired", "free"] as const;
export type MembershipFilter = (typeof MEMBERSHIP_FILTERS)[number];

/** A query choice where an empty value (`tier=` from a form's "Any") means no choice. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.pipe(
    z.transform((value: unknown) => (value === "" ? undefined : value)),
    z.optional(z.enum(values, { error: message })),
  );
}

/** GET /api/admin/members: `q` is a Profile ID, part of a name or surname, or the digits of a mobile number. */
export const memberSearchQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(60, "Search for at most 60 characters"))),
  tier: optionalChoice(PROFILE_TYPES, "Choose a tier from the list"),
  gender: optionalChoice(GENDERS, "Choose bride or groom"),
  membership: optionalChoice(MEMBERSHIP_FILTERS, "Choose a membership state from the list"),
  status: optionalChoice(["active", "deactivated"], "Choose active or deactivated"),
  page: pageField,
  pageSize: pageSizeField,
});
export type MemberSearch = z.output<typeof memberSearchQuery>;

// A number, not a string: "1e3", "0x1E" or "30" as text are refused (the console sends only digits as numbers).
const wholeNumber = (label: string) =>
  z.int({ error: `${label} must be a whole number, in digits only (such as 30)` }).check(z.minimum(0, `${label} cannot be negative`), z.maximum(100_000, `${label} is too large`));

/**
 * PUT /api/admin/members/{pid}/membership: the tier, the views bought
 * (profilesCount), the views used (total) and the last day (lastViewDate),
 * set together, so that a renewal or an extension is one action.
 */
export const membershipSchema = z
  .object({
    profileType: z.enum(PROFILE_TYPES, { error: "Choose a tier from the list" }),
    profilesCount: wholeNumber("Profiles allowed"),
    total: wholeNumber("Profiles viewed"),
    lastViewDate: z.nullable(publicDateField),
    /**
     * The views used when staff opened the form: the member may use one
     * meanwhile, and a save must not wipe it out (answered 409 instead).
     */
    expectedTotal: wholeNumber("Profiles viewed"),
    /**
     * The rest of the membership as the form was loaded with it: other staff
     * may sell or renew meanwhile, and a save from an older form must not
     * take that back (409 instead). Optional, so that callers that send only
     * expectedTotal keep working; the console sends all three.
     */
    expectedProfileType: z.optional(z.enum(PROFILE_TYPES, { error: "Choose a tier from the list" })),
    expectedProfilesCount: z.optional(wholeNumber("Profiles allowed")),
    expectedLastViewDate: z.optional(z.nullable(publicDateField)),
  })
  .check(
    z.refine((value) => value.total <= value.profilesCount, { message: "Profiles viewed cannot be more than profiles allowed", path: ["total"] }),
    z.refine((value) => value.profileType === "FREE" || value.lastViewDate !== null, {
      message: "A paid membership needs the date it runs to",
      path: ["lastViewDate"],
    }),
    // A paid membership whose last day has passed gives the member nothing
    // but a receipt (ADR 0018): refused, counted in India's date as the
    // agency's day is. Staff end a membership by choosing Free.
    z.refine((value) => value.profileType === "FREE" || value.lastViewDate === null || value.lastViewDate >= todayIn(INDIA_TIME_ZONE), {
      message: "The last day cannot be before today. Choose today or a later day, or choose Free to end the membership",
      path: ["lastViewDate"],
    }),
    z.refine((value) => value.profileType === "FREE" || value.profilesCount > 0, {
      message: "A paid membership needs at least one profile allowed",
      path: ["profilesCount"],
    }),
  );
export type MembershipInput = z.output<typeof membershipSchema>;

/** PUT /api/admin/members/{pid}/visibility: showPhoto 2 shows the photo to every member (§ "3. Entities and their fields"). */
export const visibilitySchema = z.object({
  showPhoto: z.union([z.literal(1), z.literal(2)], { error: "showPhoto must be 1 or 2" }),
  publicProfile: z.nullable(z.enum(["PAID", "PUBLIC", "MEMBERS"], { error: "Choose where the profile may appear" })),
});
export type VisibilityInput = z.output<typeof visibilitySchema>;

/** PUT /api/admin/members/{pid}/status: deactivate (ends every session) or reactivate. */
export const memberStatusSchema = z.object({ active: z.boolean({ error: "active must be true or false" }) });

/** POST /api/admin/members/{pid}/links: an auto-login link; an interest link may name the profile it opens. */
export const issueLinkSchema = z.object({
  kind: z.enum(["profile", "interest", "whatsapp"], { error: "Choose the kind of link" }),
  targetPid: z.optional(profileIdField),
});
export type IssueLinkInput = z.output<typeof issueLinkSchema>;

/** POST /api/admin/members/{pid}/recommendations: a profile the agency recommends to the member. */
export const recommendationSchema = z.object({ pid: profileIdField });

export const OUTBOX_STATUSES = ["pending", "sent", "delivered", "read", "failed"] as const;

/** GET /api/admin/outbox. */
export const outboxQuery = z.object({
  status: optionalChoice(OUTBOX_STATUSES, "Choose pending, sent, delivered, read or failed"),
  pid: z.pipe(
    z.transform((value: unknown) => (value === "" ? undefined : value)),
    z.optional(profileIdField),
  ),
  page: pageField,
  pageSize: pageSizeField,
});

/** GET /api/admin/outbox/inbound: messages members wrote to the agency's WhatsApp number. */
export const inboundQuery = z.object({ page: pageField, pageSize: pageSizeField });

/** GET /api/admin/audit_log. */
export const auditQuery = z.object({ page: pageField, pageSize: pageSizeField });

export const MAX_TEMPLATE_MESSAGES = 20;
export const MAX_MESSAGE_LENGTH = 1000;

/** POST /api/admin/templates and PUT /api/admin/templates/{id}: a template and its messages, in order. */
export const templateSchema = z.object({
  name: z.string({ error: "Name Required *" }).check(z.trim(), z.minLength(1, "Name Required *"), z.maxLength(80, "Name is too long")),
  messages: z
    .array(z.string().check(z.trim(), z.minLength(1, "A message cannot be empty"), z.maxLength(MAX_MESSAGE_LENGTH, `A message has at most ${MAX_MESSAGE_LENGTH} characters`)))
    .check(z.maxLength(MAX_TEMPLATE_MESSAGES, `A template has at most ${MAX_TEMPLATE_MESSAGES} messages`)),
});
export type TemplateInput = z.output<typeof templateSchema>;

export const MAX_PUBLIC_LIST_PROFILES = 100;

/**
 * PUT /api/admin/public_lists: the profiles of /link?id={date} (a day) or
 * /link?wid={date} (a week), in order, and the template shown between them.
 * A week's list is dated by its Monday, whichever day of the week staff
 * chose (ADR 0017): the parsed list already says so, for the form and the
 * server alike.
 */
export const publicListSchema = z.pipe(
  z.object({
    date: publicDateField,
    week: z.boolean({ error: "week must be true or false" }),
    templateId: z.nullable(z.int({ error: "Choose a template from the list" }).check(z.positive("Choose a template from the list"))),
    pids: z.array(profileIdField).check(
      z.maxLength(MAX_PUBLIC_LIST_PROFILES, `A list has at most ${MAX_PUBLIC_LIST_PROFILES} profiles`),
      z.check((ctx) => {
        const repeated = ctx.value.filter((pid, index) => ctx.value.indexOf(pid) !== index);
        if (repeated.length === 0) return;
        ctx.issues.push({ code: "custom", input: ctx.value, message: `Profile ${[...new Set(repeated)].join(", ")} appears more than once in the list` });
      }),
    ),
  }),
  z.transform((list) => (list.week ? { ...list, date: weekStart(list.date) } : list)),
);
export type PublicListInput = z.output<typeof publicListSchema>;

/** Checked even while another field is wrong, so staff see every problem at once. */
function birthDateFits(gender: Gender) {
  return z.superRefine<{ dob: unknown }>(
    (value, ctx) => {
      const problem = birthDateAgeProblem(value.dob, gender);
      if (problem) ctx.issues.push({ code: "custom", message: problem, path: ["dob"], input: value.dob });
    },
    { when: () => true },
  );
}

/**
 * PUT /api/admin/members/{pid}/personal (multipart, optional photo): the
 * member's own Personal tab (personalDataSchema) plus what only staff may
 * correct, on the phone with the family: the birth date, the birth time and
 * the height, required and checked as at registration (ADR 0022). The
 * gender stays the member's: it decides the age rule, so the schema is made
 * for it.
 */
export function correctPersonalSchema(gender: Gender) {
  return z.extend(personalDataSchema, { dob: dobField, tob: tobField, height: requiredId(REQUIRED.height) }).check(birthDateFits(gender));
}
export type CorrectPersonalInput = z.output<ReturnType<typeof correctPersonalSchema>>;
