import * as z from "zod/mini";
import { clientErrorSchema } from "../schemas/client-error.ts";
import { publicDateField, publicMessagesQuery, weekFlag } from "../schemas/public-page.ts";
import { profileIdField } from "../schemas/search.ts";
import type { ApiRoute } from "./api-route.ts";

// What needs no member: the reference lists, the public page's lists and
// messages (ADR 0017), the /request page's teaser (ADR 0026), client error
// reports, Meta's webhook (ADR 0020) and the health check.

/** A reference-list entry (§ "3. Entities and their fields", "Lookup lists"). */
export const lookupItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Telugu name, where the list has one (stars, raasis, ...). */
  nameTe: z.optional(z.string()),
  /** Heights only. */
  cm: z.optional(z.number()),
  /** Districts and cities. */
  stateId: z.optional(z.number()),
  /** Qualifications: the basic-education level they belong to. */
  basicEducationId: z.optional(z.number()),
});

/** What a stranger may see of a profile, as its link preview shows it. */
export const profileTeaserSchema = z.object({
  pid: z.number(),
  profileType: z.string(),
  age: z.number(),
  height: z.nullable(z.string()),
  star: z.nullable(z.string()),
  starTe: z.nullable(z.string()),
  educationDetails: z.string(),
  previewImage: z.nullable(z.string()).check(z.describe("The blurred link-preview image (/og/profile/{pid}.jpg), or null without a photo.")),
});

/** A card on the public page /link (§ "2. Screens and routes"); the phone only for profiles free to the public (§ "6. Roles and permissions"). */
export const publicCardSchema = z.object({
  pid: z.number(),
  publicProfile: z.enum(["PAID", "PUBLIC", "MEMBERS"]),
  paid: z.boolean(),
  photoUrl: z.nullable(z.string()),
  // Ours, as on a member's card (ProfileCard): an agency backend may leave it out.
  photoCardUrl: z.optional(z.nullable(z.string()).check(z.describe("photoUrl's picture at card size (ADR 0043)."))),
  photoVisible: z.boolean(),
  surname: z.string(),
  name: z.string(),
  age: z.number(),
  birthDate: z.string(),
  birthTime: z.string(),
  birthPlace: z.string(),
  height: z.nullable(z.string()),
  caste: z.nullable(z.string()),
  religion: z.nullable(z.string()),
  star: z.nullable(z.string()),
  starTe: z.nullable(z.string()),
  padham: z.nullable(z.string()),
  education: z.string(),
  profession: z.string(),
  fatherName: z.string(),
  fatherProfession: z.string(),
  motherName: z.string(),
  motherProfession: z.string(),
  annualIncome: z.nullable(z.string()),
  marriageTurn: z.literal([1, 2]),
  phone: z.nullable(z.string()).check(z.describe("Only for profiles free to the public (section 6).")),
});

/** A promotional message (§ "3. Entities and their fields", "Public message"): WhatsApp markup *bold*, _italic_, ~strike~. */
export const publicMessageSchema = z.object({ id: z.number(), messageContent: z.string() });

export const publicTemplateSchema = z.object({ id: z.number(), name: z.string(), messages: z.array(publicMessageSchema) });

/** The reference lists of § "7. The calls the product makes", each at GET /api/{name}, in the specification's order. */
export const REFERENCE_LIST_NAMES = [
  "heights",
  "stars",
  "padhams",
  "subcastes",
  "religions",
  "basic_education",
  "qualifications",
  "raasis",
  "profession_types",
  "cities",
  "states",
  "districts",
  "countries",
  "visa",
  "annual_income",
  "family_background",
] as const;

const STATE_ID_MESSAGE = "stateId must be a whole number";
/** Districts and cities of one state; the other lists ignore it. */
const stateFilter = z.object({ stateId: z.optional(z.int({ error: STATE_ID_MESSAGE }).check(z.positive(STATE_ID_MESSAGE))) });

const referenceListRoutes: ApiRoute[] = REFERENCE_LIST_NAMES.map((name) => ({
  method: "get",
  path: `/${name}`,
  summary: `The ${name} reference list (section 7, "Lists and profiles").`,
  notes:
    "Cacheable (max-age 1 h, strong ETag, 304 on If-None-Match); served from memory and the edge cache, keyed by the last migration (ADR 0029). Stars, raasis and the others carry `nameTe` where the list has Telugu names.",
  auth: "none",
  query: stateFilter,
  data: z.array(lookupItemSchema),
}));

export const publicRoutes: ApiRoute[] = [
  { method: "get", path: "/health", summary: "The Worker answers.", auth: "none", data: z.object({ ok: z.literal(true) }) },
  ...referenceListRoutes,
  {
    method: "get",
    path: "/profile_teaser/:pid",
    notes: "Only active, published members, else 404 (ADR 0026). Never cached (no-store): it goes at once when the member is taken off public pages (ADR 0029).",
    summary: "What the /request page shows before sign-in: what a link preview shows, no more (ADR 0026).",
    auth: "none",
    params: z.object({ pid: profileIdField }),
    data: profileTeaserSchema,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "get",
    path: "/whatsapp/public_profiles/:date",
    notes:
      "The phone only of profiles free to the public (ADR 0017). Cached by the Worker and revalidated by browsers on every use (no-cache, strong ETag, 304 on If-None-Match): a change to a list, a template or a listed card, by staff or by the member, shows on the next call in that data centre (ADR 0029).",
    summary: "The public page's profiles for a date, or for the week of a date with week=true (section 7).",
    auth: "none",
    params: z.object({ date: publicDateField }),
    query: z.object({ week: weekFlag }),
    data: z.array(publicCardSchema),
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "get",
    path: "/public_messages",
    summary: "The public page's messages for a date or week.",
    auth: "none",
    query: publicMessagesQuery,
    data: z.array(publicMessageSchema),
    errors: { 404: ["NOT_FOUND"] },
  },
  { method: "get", path: "/templates/public", summary: "The templates of public messages (section 7).", auth: "member", data: z.array(publicTemplateSchema) },
  {
    method: "post",
    path: "/client_errors",
    summary: "A screen's unexpected error, for the Worker's log.",
    auth: "none",
    json: clientErrorSchema,
    data: "no-content",
  },
  {
    method: "get",
    path: "/whatsapp/webhook",
    summary: "Meta's verification of the webhook: the challenge back as plain text (ADR 0020).",
    auth: "none",
    query: z.object({ "hub.mode": z.string(), "hub.verify_token": z.string(), "hub.challenge": z.string() }),
    data: "text",
    errors: { 403: ["FORBIDDEN"] },
  },
  {
    method: "post",
    path: "/whatsapp/webhook",
    notes: "ADR 0020.",
    summary: "Delivery receipts and members' messages from Meta, signed with the app secret (X-Hub-Signature-256).",
    auth: "none",
    data: z.object({ receipts: z.number(), inbound: z.number() }),
    errors: { 400: ["BAD_REQUEST"], 401: ["UNAUTHENTICATED"], 413: ["PAYLOAD_TOO_LARGE"] },
  },
];

/** Named in docs/api/openapi.json as in shared/api-types.ts. */
export const publicComponents = {
  LookupItem: lookupItemSchema,
  ProfileTeaser: profileTeaserSchema,
  PublicCard: publicCardSchema,
  PublicMessage: publicMessageSchema,
  PublicTemplate: publicTemplateSchema,
};
