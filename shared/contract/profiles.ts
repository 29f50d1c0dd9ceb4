import * as z from "zod/mini";
import { GENDERS } from "../constants.ts";
import { interestSchema, profileRefSchema, profileVisitsSchema } from "../schemas/interest.ts";
import { detailedSearchSchema, pageField, profileIdField, profilesSentSchema, simpleSearchSchema, viewProfileSchema } from "../schemas/search.ts";
import { flag, type ApiRoute, type ErrorStatuses } from "./api-route.ts";
import { profileLimitsSchema } from "./membership.ts";

// Profiles as other members see them: cards, pages of cards, the full
// profile, and the calls that list, search, view and ask for them
// (specification § "Lists and profiles", "Interest", "WhatsApp
// and public"; ADR 0010, ADR 0012). Cards never carry contact details.

const marriageTurn = z.literal([1, 2]);

/** A sibling (§ "Sibling"). */
export const siblingRecordSchema = z.object({
  id: z.number(),
  type: z.enum(["EB", "ES", "YB", "YS"]),
  name: z.string(),
  married: z.enum(["M", "U"]),
  working: z.enum(["Y", "N"]),
  workDetails: z.string(),
});

/** Where a profile may appear on public pages (§ "2. Screens and routes", "/link" labels). */
export const publicProfileSchema = z.nullable(z.enum(["PAID", "PUBLIC", "MEMBERS"]));

/** Show-more details of a card: only for paid viewers (§ "2. Screens and routes"). */
export const profileCardDetailsSchema = z.object({
  birthDate: z.string(),
  birthTime: z.string(),
  raasi: z.nullable(z.string()),
  professionType: z.nullable(z.string()),
  professionTypeId: z.nullable(z.number()),
  workingIn: z.nullable(z.literal([1, 2])),
  workingCity: z.nullable(z.string()),
  annualIncome: z.nullable(z.string()),
  color: z.nullable(z.string()),
  fatherName: z.string(),
  fatherProfession: z.string(),
  motherName: z.string(),
  motherProfession: z.string(),
  nativeDistrict: z.nullable(z.string()),
  residingCity: z.nullable(z.string()),
});

/** A profile card (§ "Profile card content"; § "Profile list / card record"). */
export const profileCardSchema = z.object({
  pid: z.number(),
  // Ours, not the specification's: an agency backend may leave it out, and its cards offer the request as before.
  gender: z.optional(z.enum(GENDERS).check(z.describe("F bride, M groom: a card of the viewer's own gender offers no request."))),
  profileType: z.string(),
  publicProfile: publicProfileSchema,
  requestStatus: z.enum(["-", "A", "D"]).check(z.describe("- none, A approved, D removed or hidden by the viewer (section 3).")),
  interestedAt: z.nullable(z.string()),
  approvedAt: z.nullable(z.string()),
  deniedAt: z.nullable(z.string()),
  deletedAt: z.nullable(z.string()),
  showPhoto: z.literal([1, 2]),
  photoUrl: z.nullable(z.string()).check(z.describe("The full photo when the viewer may see it, otherwise its blurred derivative; null without a photo.")),
  // Ours, not the specification's: an agency backend may leave it out, and its cards show photoUrl.
  photoCardUrl: z.optional(
    z.nullable(z.string()).check(z.describe("photoUrl's picture at card size (ADR 0043): the photo's copy within 400x500, or the same blurred derivative.")),
  ),
  photoVisible: z.boolean(),
  surname: z.string(),
  name: z.string(),
  age: z.number(),
  birthPlace: z.string(),
  height: z.nullable(z.string()),
  subcaste: z.nullable(z.string()),
  religion: z.nullable(z.string()),
  star: z.nullable(z.string()),
  starTe: z.nullable(z.string()),
  padham: z.nullable(z.string()),
  educationDetails: z.string(),
  professionDetails: z.string(),
  marriageTurn,
  astroPoints: z
    .nullable(z.number())
    .check(z.describe("Ashtakoota points of the viewer and this profile out of 36, in half points; null for one's own gender or without star and padham.")),
  /** The viewer used a view on this profile (ADR 0012). */
  viewed: z.boolean(),
  /** This member's own request to the viewer, unless withdrawn. */
  incoming: z.nullable(z.object({ interestedAt: z.string(), approvedAt: z.nullable(z.string()), deniedAt: z.nullable(z.string()) })),
  details: z.nullable(profileCardDetailsSchema).check(z.describe("Show-more details: only for paid viewers (section 2).")),
});

/** A page of profiles: `page` is the one served after wraparound; `paging` false for members who may not page. */
export const profilePageSchema = z.object({
  profiles: z.array(profileCardSchema),
  page: z.number().check(z.describe("The page served, after wraparound.")),
  pageCount: z.number(),
  paging: z.boolean().check(z.describe("False for members who may not page (FREE, expired).")),
});

/** A member who deleted their profile, where they stood in another member's own lists until the erasure: the Profile ID alone (ADR 0034). */
export const removedProfileSchema = z.object({ pid: z.number(), removed: z.literal(true) });

/** An entry of a member's own lists (interests, recommendations): a card, or a deleted profile. */
export const memberListItemSchema = z.union([profileCardSchema, removedProfileSchema]);

/** A page of a member's own lists (GET profile_visits): like ProfilePage, with deleted profiles as RemovedProfile. */
export const memberListPageSchema = z.object({
  profiles: z.array(memberListItemSchema),
  page: z.number(),
  pageCount: z.number(),
  paging: z.boolean(),
});

/** The eight kootas behind astroPoints, their total, and the nadi and bhakoot doshas. */
export const ashtakootaScoreSchema = z.object({
  varna: z.number(),
  vashya: z.number(),
  tara: z.number(),
  yoni: z.number(),
  grahaMaitri: z.number(),
  gana: z.number(),
  bhakoot: z.number(),
  nadi: z.number(),
  total: z.number(),
  doshas: z.object({ nadi: z.boolean(), bhakoot: z.boolean() }),
});

/** A full profile with names instead of ids (§ "2. Screens and routes", "/full_profile"). */
export const fullProfileSchema = z.object({
  pid: z.number(),
  profileType: z.string(),
  gender: z.enum(GENDERS),
  photoUrl: z.nullable(z.string()),
  name: z.string(),
  surName: z.string(),
  height: z.nullable(z.string()),
  color: z.nullable(z.string()),
  marriageTurn,
  birthDate: z.string(),
  birthTime: z.string(),
  birthPlace: z.string(),
  religion: z.nullable(z.string()),
  subCaste: z.nullable(z.string()),
  star: z.nullable(z.string()),
  starTe: z.nullable(z.string()),
  raasi: z.nullable(z.string()),
  raasiTe: z.nullable(z.string()),
  padham: z.nullable(z.string()),
  astroPoints: z.nullable(z.number()),
  astroMatch: z.nullable(ashtakootaScoreSchema),
  basicEducation: z.nullable(z.string()),
  education: z.nullable(z.string()),
  educationDetails: z.string(),
  professionType: z.nullable(z.string()),
  professionTypeId: z.nullable(z.number()),
  professionDetails: z.string(),
  workingIn: z.nullable(z.literal([1, 2])),
  workingCity: z.nullable(z.string()),
  workingCountry: z.nullable(z.string()),
  abroadWorkingCity: z.nullable(z.string()),
  workVisa: z.nullable(z.string()),
  annualIncome: z.nullable(z.string()),
  fatherName: z.string(),
  fatherProfession: z.string(),
  motherName: z.string(),
  motherProfession: z.string(),
  nativeDistrict: z.nullable(z.string()),
  nativeState: z.nullable(z.string()),
  residingCity: z.nullable(z.string()),
  mobileNo: z.string(),
  alternateMobileNo: z.nullable(z.string()),
  email: z.nullable(z.string()),
  presentAddress: z.string(),
  hasSiblings: z.literal([0, 1, 2]),
  siblings: z.array(siblingRecordSchema),
});

/** POST /api/view_profile: the full profile, and whether this view used one from the balance. */
export const viewResultSchema = z.object({ profile: fullProfileSchema, charged: z.boolean(), profileLimits: profileLimitsSchema });

/** Where a request stands after an interest call (ADR 0012). */
export const interestStatusSchema = z.object({ status: z.enum(["sent", "pending", "approved", "denied"]) });

/** The screens of the WhatsApp request flow: the card, and the phone only to whom it is due. */
export const whatsappProfileSchema = z.object({ profile: profileCardSchema, phone: z.nullable(z.string()) });

/** Search and the viewer's lists refuse FREE and expired members where paging or matching needs a membership. */
const membership: ErrorStatuses = { 403: ["MEMBERSHIP_REQUIRED", "MEMBERSHIP_EXPIRED"] };

export const profileRoutes: ApiRoute[] = [
  {
    method: "get",
    path: "/Simple_Search_Profiles",
    notes: "10 a page, wrapping around; `order=tier|new`. FREE and expired members get page 1.",
    summary: "Browse: the opposite gender's profiles by profile type (section 7); one page for FREE and expired members.",
    auth: "member",
    query: simpleSearchSchema,
    data: profilePageSchema,
  },
  {
    method: "get",
    path: "/eloborate_profile",
    notes: "Filters as ADR 0010; `minPoints=0..36` and `order=points` over the whole result (ADR 0016).",
    summary: "Detailed search (section 7, spelled as the specification spells it).",
    auth: "member",
    query: detailedSearchSchema,
    data: profilePageSchema,
    errors: membership,
  },
  {
    method: "get",
    path: "/matching_profiles",
    notes: "Best matching points first.",
    summary: "Profiles matching the member's own.",
    auth: "member",
    query: z.object({ page: pageField }),
    data: profilePageSchema,
    errors: membership,
  },
  {
    method: "get",
    path: "/single_user_profile/:id",
    summary: "One profile's card, by Profile ID.",
    auth: "member",
    params: z.object({ id: profileIdField }),
    data: profileCardSchema,
    errors: { ...membership, 404: ["NOT_FOUND"] },
  },
  {
    method: "post",
    path: "/view_profile",
    summary: 'See a profile\'s phone and full details after "Yes, I want to see": charged once (ADR 0012).',
    auth: "member",
    json: viewProfileSchema,
    data: viewResultSchema,
    errors: { 400: ["BAD_REQUEST"], 403: ["MEMBERSHIP_REQUIRED", "MEMBERSHIP_EXPIRED", "BALANCE_EXHAUSTED", "NOT_APPROVED"], 404: ["NOT_FOUND"] },
  },
  {
    method: "post",
    path: "/send_interest",
    notes:
      "As oneself only. At most 10 new requests in 24 hours (FREE or ended membership) or 30 (active paid), else 429 with Retry-After; the owner is told on WhatsApp at most once a week per pair, and never if they removed the sender (ADR 0025).",
    summary: "Send interest from fpid (the member) to tpid; `skip` marks the WhatsApp request flow.",
    auth: "member",
    json: interestSchema,
    data: interestStatusSchema,
    errors: { 400: ["BAD_REQUEST"], 403: ["FORBIDDEN", "MEMBERSHIP_REQUIRED", "MEMBERSHIP_EXPIRED"], 404: ["NOT_FOUND"], 409: ["CONFLICT"], 429: ["TOO_MANY_REQUESTS"] },
  },
  {
    method: "post",
    path: "/delete_interest",
    summary: "Withdraw one's own request.",
    auth: "member",
    json: interestSchema,
    data: z.object({ status: z.literal("withdrawn") }),
    errors: { 403: ["FORBIDDEN"], 404: ["NOT_FOUND"], 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/approve_interest",
    notes: "ADR 0012.",
    summary: "Approve a request to the member; the requester is told on WhatsApp.",
    auth: "member",
    json: profileRefSchema,
    data: z.object({ status: z.literal("approved") }),
    errors: { 404: ["NOT_FOUND"], 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/reject_interest",
    summary: "Reject a request to the member.",
    auth: "member",
    json: profileRefSchema,
    data: z.object({ status: z.literal("denied") }),
    errors: { 404: ["NOT_FOUND"], 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/remove_profile",
    summary: "Remove a profile from the member's lists.",
    auth: "member",
    json: profileRefSchema,
    data: z.object({ requestStatus: z.literal("D") }),
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "post",
    path: "/restore_profile",
    summary: "Undo remove_profile (ADR 0015).",
    auth: "member",
    json: profileRefSchema,
    data: flag("restored"),
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "get",
    path: "/profile_visits",
    summary: "The member's own lists: p_status V, interested in me; F, profiles I asked about. A deleted profile is { pid, removed: true } until its erasure.",
    auth: "member",
    query: profileVisitsSchema,
    data: memberListPageSchema,
    errors: { 403: ["FORBIDDEN"] },
  },
  {
    method: "get",
    path: "/recommended_profiles",
    notes: "At most 30.",
    summary: "The member's recommendations. A deleted profile is { pid, removed: true } until its erasure.",
    auth: "member",
    data: z.array(memberListItemSchema),
  },
  {
    method: "post",
    path: "/recommended_profiles/not_interested",
    summary: "Dismiss a recommendation.",
    auth: "member",
    json: profileRefSchema,
    data: flag("dismissed"),
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "get",
    path: "/whatsapp_profile",
    summary: "The WhatsApp request flow's profile: the phone only to the owner or an entitled viewer.",
    auth: "member",
    query: z.object({ pid: profileIdField }),
    data: whatsappProfileSchema,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "get",
    path: "/whatsapp/profiles_sent",
    summary: "Profiles the member asked about (FREE members' list), at most 2, newest first.",
    notes: "`exclude`: the profile the page shows above the list, left out so that up to 2 others fill it.",
    auth: "member",
    query: profilesSentSchema,
    data: z.array(profileCardSchema),
  },
  { method: "get", path: "/whatsapp/profiles_not_sent", summary: "Published profiles the member has not asked about.", auth: "member", data: z.array(profileCardSchema) },
];

/** Named in docs/api/openapi.json as in shared/api-types.ts. */
export const profileComponents = {
  Sibling: siblingRecordSchema,
  ProfileCardDetails: profileCardDetailsSchema,
  ProfileCard: profileCardSchema,
  ProfilePage: profilePageSchema,
  RemovedProfile: removedProfileSchema,
  MemberListPage: memberListPageSchema,
  AshtakootaScore: ashtakootaScoreSchema,
  FullProfile: fullProfileSchema,
  ViewResult: viewResultSchema,
  InterestStatus: interestStatusSchema,
};
