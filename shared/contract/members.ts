import * as z from "zod/mini";
import { GENDERS } from "../constants.ts";
import { LANGUAGES } from "../i18n/language.ts";
import { languageChoiceSchema } from "../schemas/language.ts";
import { changePasswordSchema, confirmMobileSchema, passwordResetConfirmSchema, passwordResetSchema } from "../schemas/password.ts";
import { educationDataSchema, parentsDataSchema, personalDataSchema, professionalDataSchema } from "../schemas/profile-edit.ts";
import { deleteProfileSchema } from "../schemas/delete-profile.ts";
import { registrationSchema } from "../schemas/registration.ts";
import { profileIdField } from "../schemas/search.ts";
import { hasSiblingsSchema, siblingSchema } from "../schemas/sibling.ts";
import { linkSignInSchema, signInSchema } from "../schemas/sign-in.ts";
import { flag, type ApiRoute } from "./api-route.ts";
import { codeSentSchema, membershipStateSchema, profileLimitsSchema } from "./membership.ts";
import { fullProfileSchema, siblingRecordSchema } from "./profiles.ts";

// A member's session, own record, password and WhatsApp number, and the
// saves of the edit screen (specification § "7. The calls the product makes", "Session and
// registration", "Profile editing", "Siblings"; ADR 0004, ADR 0021).

export const genderSchema = z.enum(GENDERS);
/** 1 first marriage, 2 second (§ "3. Entities and their fields"). */
export const marriageTurnSchema = z.literal([1, 2]);
/** 1 in India, 2 abroad (§ "3. Entities and their fields"). */
export const workingInSchema = z.nullable(z.literal([1, 2]));
/** 1 has siblings, 2 none, 0 not declared. */
export const hasSiblingsValueSchema = z.literal([0, 1, 2]);

/** A deleted profile (ADR 0034): the day its data is erased, in the agency's time zone (yyyy-mm-dd). */
export const profileDeletionSchema = z.object({ erasedOn: z.string() });

/** POST /api/users/delete_profile/code: the code is on its way, and how (ADR 0021). */
export const deleteProfileCodeSentSchema = z.extend(codeSentSchema, { sent: z.literal(true) });

export const signInResultSchema = z.object({ token: z.string(), pid: z.number(), profileLimits: profileLimitsSchema });

export const currentUserSchema = z.object({
  pid: z.number(),
  gender: genderSchema,
  name: z.string(),
  surName: z.string(),
  /** The language chosen on the profile (ADR 0040): the screens follow it on every device. */
  language: z.enum(LANGUAGES),
  profileLimits: profileLimitsSchema,
  membership: membershipStateSchema,
});

/**
 * POST /api/users/link_sign_in: the session and the current user (as GET users/current answers it), which the screen the
 * link opens needs first (ADR 0031). Optional: an agency backend written to the earlier contract leaves it out, and the
 * screen then asks GET users/current.
 */
export const linkSignInResultSchema = z.extend(signInResultSchema, { user: z.optional(currentUserSchema) });

/** A member's full record with ids (§ "User record (read)"): birthDate dd-MM-yyyy, birthTime h:mma. */
export const userRecordSchema = z.object({
  pid: z.number(),
  gender: genderSchema,
  name: z.string(),
  surName: z.string(),
  birthDate: z.string().check(z.describe("dd-MM-yyyy")),
  birthTime: z.string().check(z.describe("h:mma, e.g. 6:30AM")),
  birthPlace: z.string(),
  star: z.number(),
  padham: z.number(),
  raasi: z.nullable(z.number()),
  height: z.number(),
  subCaste: z.number(),
  religion: z.number(),
  marriageTurn: marriageTurnSchema,
  s3PhotoKey: z.nullable(z.string()).check(z.describe("R2 key of the photo; the URL is /images/ + this key.")),
  basicEducation: z.nullable(z.number()),
  education: z.nullable(z.number()),
  educationDetails: z.string(),
  professionType: z.nullable(z.number()),
  workingIn: workingInSchema,
  workingCity: z.nullable(z.number()),
  incomePerYear: z.nullable(z.number()),
  workingCountry: z.nullable(z.number()),
  abroadWorkingCity: z.nullable(z.string()),
  workVisa: z.nullable(z.number()),
  denomination: z.nullable(z.string()),
  professionDetails: z.nullable(z.string()),
  fatherName: z.string(),
  fatherProfession: z.string(),
  motherName: z.string(),
  motherProfession: z.string(),
  nativeCountry: z.number(),
  nativeState: z.nullable(z.number()),
  nativeDistrict: z.nullable(z.number()),
  residingCity: z.nullable(z.string()),
  mobileNo: z.string(),
  alternateMobileNo: z.nullable(z.string()),
  email: z.nullable(z.string()),
  presentAddress: z.string(),
  hasSiblings: hasSiblingsValueSchema,
  profileLimits: profileLimitsSchema,
});

/** A new WhatsApp number waiting for its code (ADR 0021). */
export const pendingMobileSchema = z.object({ mobile: z.string(), expiresAt: z.string(), code: codeSentSchema });

/** The member's own record, for the edit screen; mobileNo stays the confirmed number until the code is. */
export const ownRecordSchema = z.extend(userRecordSchema, { pendingMobile: z.nullable(pendingMobileSchema) });

export const registrationResultSchema = z.object({
  pid: z.number(),
  /** The WhatsApp number the code goes to, as stored. */
  mobile: z.string(),
  code: codeSentSchema,
});

/** How a session began (ADR 0024). */
export const signInMethodSchema = z.enum(["password", "code", "link", "agency_link"]);

export const memberSessionSchema = z.object({
  signedInAt: z.string(),
  expiresAt: z.string(),
  method: z.nullable(signInMethodSchema).check(z.describe("How the session began (ADR 0024); null for sessions begun before it was recorded.")),
  current: z.boolean().check(z.describe("The session of this very request.")),
});

export const endedSessionsSchema = z.object({ ended: z.number() });

const pidParams = z.object({ pid: profileIdField });
const idParams = z.object({ id: profileIdField });

export const memberRoutes: ApiRoute[] = [
  {
    method: "post",
    path: "/users/sign_in",
    notes: "Back-off per Profile ID and client network, and a ceiling for all networks (ADR 0024).",
    summary: "Sign in with Profile ID and password (section 7); a failure carries `err`, the login screen's red alert (section 8).",
    auth: "none",
    json: signInSchema,
    data: signInResultSchema,
    errors: { 400: ["SIGN_IN_FAILED"] },
  },
  {
    method: "post",
    path: "/users/link_sign_in",
    notes:
      "`kind` is profile, interest or whatsapp (ADR 0011). A link signs in once (again within 15 minutes); profile links live 14 days, interest and WhatsApp links 7; a link's session lasts 7 days and ends when the link is revoked (ADR 0024).",
    summary: "Sign in with an auto-login link's payload (ADR 0011, ADR 0024).",
    auth: "none",
    json: linkSignInSchema,
    data: linkSignInResultSchema,
    errors: { 400: ["INVALID_LINK", "SIGN_IN_FAILED"] },
  },
  { method: "get", path: "/users/current", summary: "The signed-in member.", auth: "member", data: currentUserSchema },
  {
    method: "get",
    path: "/users/:pid{[0-9]+}",
    notes: "The own record carries `pendingMobile`; the full profile is for the owner or an entitled viewer.",
    summary: "Fetch user by pid: the own record with ids, or with `normalized=true` (or another pid) the full profile with names.",
    auth: "member",
    params: pidParams,
    query: z.object({ normalized: z.optional(z.enum(["true", "false"])) }),
    data: z.union([ownRecordSchema, fullProfileSchema]),
    errors: { 400: ["BAD_REQUEST"], 403: ["MEMBERSHIP_REQUIRED", "MEMBERSHIP_EXPIRED", "NOT_APPROVED", "VIEW_NOT_CONFIRMED"], 404: ["NOT_FOUND"] },
  },
  {
    method: "put",
    path: "/users/language",
    summary: "Keep the language chosen with the switch on the member's profile (ADR 0040; not in the specification).",
    auth: "member",
    json: languageChoiceSchema,
    data: languageChoiceSchema,
  },
  { method: "post", path: "/users/sign_out", summary: "End this session.", auth: "member", data: flag("signedOut") },
  {
    method: "post",
    path: "/users/password_reset",
    notes: "Answers `{ byAgency, validMinutes }` the same whether or not the pair matches; a 6-digit code goes to that WhatsApp number when it does (ADR 0021).",
    summary: "Forgot password: a one-time code to the number on file; the same answer whether or not the pair matches (ADR 0021).",
    auth: "none",
    json: passwordResetSchema,
    data: codeSentSchema,
  },
  {
    method: "post",
    path: "/users/password_reset/confirm",
    notes: "The member's own password; answers like sign-in.",
    summary: "Set a new password with the code; signs in.",
    auth: "none",
    json: passwordResetConfirmSchema,
    data: signInResultSchema,
    errors: { 400: ["INVALID_CODE", "SIGN_IN_FAILED"] },
  },
  {
    method: "put",
    path: "/users/password",
    notes: "Ends the member's other sessions.",
    summary: "Change the password with the current one; other sessions end.",
    auth: "member",
    json: changePasswordSchema,
    data: flag("changed"),
  },
  {
    method: "post",
    path: "/users/confirm_mobile",
    summary: "Confirm a new WhatsApp number with the code sent to it; answers the own record.",
    auth: "member",
    json: confirmMobileSchema,
    data: ownRecordSchema,
    errors: { 400: ["INVALID_CODE"], 409: ["CONFLICT"] },
  },
  {
    method: "post",
    path: "/users/delete_profile/code",
    summary: "Send a one-time code to the member's WhatsApp to confirm deleting the profile (ADR 0034).",
    auth: "member",
    data: deleteProfileCodeSentSchema,
    errors: { 429: ["TOO_MANY_REQUESTS"] },
  },
  {
    method: "post",
    path: "/users/delete_profile",
    summary: "Delete the profile, confirmed with the password or the code: hidden at once, signed out everywhere, erased on erasedOn (ADR 0034).",
    auth: "member",
    json: deleteProfileSchema,
    data: profileDeletionSchema,
    errors: { 400: ["VALIDATION_FAILED", "INVALID_CODE"], 429: ["TOO_MANY_REQUESTS"] },
  },
  {
    method: "get",
    path: "/users/sessions",
    notes: "When, until and how (password, code, link, agency_link) each session began, and which is this one.",
    summary: "Where you are signed in (ADR 0024).",
    auth: "member",
    data: z.array(memberSessionSchema),
  },
  { method: "post", path: "/users/sessions/end_others", summary: "Sign out every other session.", auth: "member", data: endedSessionsSchema },
  {
    method: "post",
    path: "/save_new_registration",
    notes:
      "Multipart with the photo. A number already registered is told only after the whole form, photo included, is valid: 409, and that number's member is sent their Profile ID and a code (ADR 0026). Photos up to about 16 megapixels as cameras write them (baseline; about 9 MP progressive) are accepted; a photo whose decoding would cost too much, a larger one or a CMYK JPEG is refused with 400 on `photo` before decoding (ADR 0008, ADR 0030).",
    summary: "Register (section 7): the new Profile ID; a code to set a password goes to the WhatsApp number.",
    auth: "none",
    multipart: { schema: registrationSchema, photo: "required" },
    data: registrationResultSchema,
    errors: { 409: ["CONFLICT"] },
  },
  {
    method: "put",
    path: "/profile_personal_data",
    summary: "Save the personal tab (multipart, optional photo); answers the own record.",
    auth: "member",
    multipart: { schema: personalDataSchema, photo: "optional" },
    data: ownRecordSchema,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "put",
    path: "/profile_education_data",
    summary: "Save the education tab; answers the own record.",
    auth: "member",
    json: educationDataSchema,
    data: ownRecordSchema,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "put",
    path: "/profile_professional_data",
    summary: "Save the profession tab; answers the own record.",
    auth: "member",
    json: professionalDataSchema,
    data: ownRecordSchema,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "put",
    path: "/profile_parents_data",
    summary: "Save the parents tab; a new WhatsApp number waits for its code (pendingMobile).",
    auth: "member",
    json: parentsDataSchema,
    data: ownRecordSchema,
    errors: { 404: ["NOT_FOUND"], 429: ["TOO_MANY_REQUESTS"] },
  },
  {
    method: "get",
    path: "/sibling/:pid",
    summary: "The member's own siblings.",
    auth: "member",
    params: pidParams,
    data: z.array(siblingRecordSchema),
    errors: { 403: ["FORBIDDEN"] },
  },
  { method: "post", path: "/sibling", summary: "Add a sibling.", auth: "member", json: siblingSchema, data: siblingRecordSchema },
  {
    method: "put",
    path: "/sibling/:id",
    summary: "Change a sibling of one's own.",
    auth: "member",
    params: idParams,
    json: siblingSchema,
    data: siblingRecordSchema,
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "delete",
    path: "/sibling",
    summary: "Delete a sibling of one's own (query siblingId).",
    auth: "member",
    query: z.object({ siblingId: profileIdField }),
    data: flag("deleted"),
    errors: { 404: ["NOT_FOUND"] },
  },
  {
    method: "put",
    path: "/has_sibling",
    summary: "Declare siblings: 1 has, 2 none.",
    auth: "member",
    json: hasSiblingsSchema,
    data: z.object({ hasSiblings: z.literal([1, 2]) }),
  },
];

/** Named in docs/api/openapi.json as in shared/api-types.ts. */
export const memberComponents = {
  ProfileLimits: profileLimitsSchema,
  CodeSent: codeSentSchema,
  SignInResult: signInResultSchema,
  LinkSignInResult: linkSignInResultSchema,
  CurrentUser: currentUserSchema,
  UserRecord: userRecordSchema,
  PendingMobile: pendingMobileSchema,
  OwnRecord: ownRecordSchema,
  RegistrationResult: registrationResultSchema,
  MemberSession: memberSessionSchema,
  EndedSessions: endedSessionsSchema,
};
