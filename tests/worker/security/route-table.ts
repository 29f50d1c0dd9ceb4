import type { ErrorCode } from "#shared/api-types.ts";
import { contactOf, parentsOf, smallJpeg } from "../setup/fixtures.ts";
import { registrationForm } from "../setup/registration-form.ts";
import type { Call } from "./calls.ts";
import { MEMBER_ROLES, ROLES, type Cast, type MemberRole, type Role } from "./cast.ts";
import type { RouteKey } from "./route-inventory.ts";

// Who may call each route of the Worker, in one table (ADR 0027). Every
// route the app registers must be here and everything here must be a route
// (the matrix checks both), so a new route is classified before it ships.
// Each entry also makes a minimal valid call, which the matrix sends as
// every role and the fuzzer takes apart.

export interface Refusal {
  status: number;
  code: ErrorCode;
}

export interface RouteRule {
  /** The roles that may call it. */
  allowed: readonly Role[];
  /** How every other role is refused. */
  refusals: Partial<Record<Role, Refusal>>;
  /** A minimal valid call, as `as` would make it. */
  call(cast: Cast, as: Role): Call | Promise<Call>;
  /** Tables a refused call writes by design (counting password or code attempts, link analytics). */
  refusalWrites?: readonly string[];
}

const refused = (status: number, code: ErrorCode): Refusal => ({ status, code });
const UNAUTHENTICATED = refused(401, "UNAUTHENTICATED");
const FORBIDDEN = refused(403, "FORBIDDEN");
const NOT_FOUND = refused(404, "NOT_FOUND");

type MakeCall = RouteRule["call"];
type Options = Pick<RouteRule, "refusalWrites">;

/** Anyone, signed in or not (a token is ignored). */
function open(call: MakeCall, options: Options = {}): RouteRule {
  return { allowed: ROLES, refusals: {}, call, ...options };
}

/** Every member, except those refused as `refusals` says; no token or a staff token is 401 (ADR 0018). */
function members(call: MakeCall, refusals: Partial<Record<MemberRole, Refusal>> = {}, options: Options = {}): RouteRule {
  return {
    allowed: MEMBER_ROLES.filter((role) => !(role in refusals)),
    refusals: { anonymous: UNAUTHENTICATED, staff: UNAUTHENTICATED, ownerStaff: UNAUTHENTICATED, ...refusals },
    call,
    ...options,
  };
}

/** Only the member the call names: every other member is refused with `others`. */
function resourceOwner(call: MakeCall, others: Refusal): RouteRule {
  const refusals = Object.fromEntries(MEMBER_ROLES.filter((role) => role !== "resourceOwner").map((role) => [role, others]));
  return members(call, refusals);
}

/** Staff and owners; no token or a member's token is 401 (ADR 0018). */
function staff(call: MakeCall, options: Options = {}): RouteRule {
  const refusals = Object.fromEntries(["anonymous", ...MEMBER_ROLES].map((role) => [role, UNAUTHENTICATED]));
  return { allowed: ["staff", "ownerStaff"], refusals, call, ...options };
}

/** Owners only: staff who are not owners get 403 (ADR 0018). */
function ownerStaff(call: MakeCall): RouteRule {
  const rule = staff(call);
  return { ...rule, allowed: ["ownerStaff"], refusals: { ...rule.refusals, staff: FORBIDDEN } };
}

const get = (path: string, query?: Record<string, string>): Call => ({ method: "GET", path, ...(query ? { query } : {}) });
const post = (path: string, json: unknown = {}): Call => ({ method: "POST", path, json });
const put = (path: string, json: unknown): Call => ({ method: "PUT", path, json });

const personalForm = (): Record<string, string | File> => ({
  name: "Lakshmi",
  surname: "Kommineni",
  pob: "Tenali",
  star: "7",
  padham: "4",
  subcaste: "2",
  religion: "1",
  marriage: "2",
});

/** The registration form the other Worker tests send, as fields the fuzzer can take apart. */
function registrationFields(cast: Cast): Record<string, string | File> {
  return Object.fromEntries(registrationForm({ mobile: cast.newMobile() }, smallJpeg()));
}

const sibling = { siblingType: "EB", name: "Ravi", maritalStatus: "M", working: "Y", details: "Engineer in Pune" };
const owner = (cast: Cast) => cast.member.resourceOwner.pid;
const referenceList = (name: string) => open(() => get(`/api/${name}`, { stateId: "1" }));

export const ROUTE_TABLE: Record<RouteKey, RouteRule> = {
  // The public edge: pages, photos by their unguessable keys, previews.
  "GET /*": open(() => get("/search")),
  "GET /robots.txt": open(() => get("/robots.txt")),
  "GET /images/*": open((cast) => get(`/images/photos/full-${owner(cast)}.jpg`)),
  "GET /og/default.jpg": open(() => get("/og/default.jpg")),
  "GET /og/profile/:file{[0-9]+\\.jpg}": open((cast) => get(`/og/profile/${owner(cast)}.jpg`)),
  "ALL /api/*": open(() => get("/api/no_such_path")),
  "GET /api/health": open(() => get("/api/health")),

  // Signing in and registering: anyone; the body is what is checked.
  "POST /api/users/sign_in": open((cast) => post("/api/users/sign_in", { pid: cast.signInMember.pid, password: cast.signInMember.password }), {
    refusalWrites: ["sign_in_failures"],
  }),
  "POST /api/users/link_sign_in": open((cast) => post("/api/users/link_sign_in", { kind: "profile", link: cast.liveLink }), { refusalWrites: ["sign_in_failures", "link_events"] }),
  "POST /api/users/password_reset": open((cast) => post("/api/users/password_reset", { pid: cast.signInMember.pid, mobile: contactOf(cast.signInMember.pid).mobile })),
  // A wrong code is counted on the code and, per client network, in sign_in_failures (ADR 0021).
  "POST /api/users/password_reset/confirm": open((cast) => post("/api/users/password_reset/confirm", { pid: cast.signInMember.pid, code: "123456", password: "Fresh-pass-2024" }), {
    refusalWrites: ["one_time_codes", "sign_in_failures"],
  }),
  "POST /api/admin/sign_in": open((cast) => post("/api/admin/sign_in", { username: cast.signInStaff, password: "console-pass-1" }), { refusalWrites: ["sign_in_failures"] }),
  "POST /api/save_new_registration": open((cast) => ({ method: "POST", path: "/api/save_new_registration", form: registrationFields(cast) })),
  "POST /api/client_errors": open(() => post("/api/client_errors", { message: "TypeError: x is undefined", url: "http://localhost/search" })),
  // Meta's webhook: its verify token and its signature decide, not a session (ADR 0020).
  "GET /api/whatsapp/webhook": open(() => get("/api/whatsapp/webhook", { "hub.mode": "subscribe", "hub.verify_token": "test-verify-token", "hub.challenge": "1158201444" })),
  "POST /api/whatsapp/webhook": open(() => ({ method: "POST", path: "/api/whatsapp/webhook", json: { object: "whatsapp_business_account", entry: [] }, signed: true })),

  // What a stranger may see (ADR 0015, ADR 0017) and the reference lists (§ "7. The calls the product makes").
  "GET /api/profile_teaser/:pid": open((cast) => get(`/api/profile_teaser/${owner(cast)}`)),
  "GET /api/whatsapp/public_profiles/:date": open((cast) => get(`/api/whatsapp/public_profiles/${cast.publicListDate}`, { week: "false" })),
  "GET /api/public_messages": open((cast) => get("/api/public_messages", { date: cast.publicListDate, week: "false" })),
  "GET /api/heights": referenceList("heights"),
  "GET /api/stars": referenceList("stars"),
  "GET /api/padhams": referenceList("padhams"),
  "GET /api/subcastes": referenceList("subcastes"),
  "GET /api/religions": referenceList("religions"),
  "GET /api/basic_education": referenceList("basic_education"),
  "GET /api/qualifications": referenceList("qualifications"),
  "GET /api/raasis": referenceList("raasis"),
  "GET /api/profession_types": referenceList("profession_types"),
  "GET /api/cities": referenceList("cities"),
  "GET /api/states": referenceList("states"),
  "GET /api/districts": referenceList("districts"),
  "GET /api/countries": referenceList("countries"),
  "GET /api/visa": referenceList("visa"),
  "GET /api/annual_income": referenceList("annual_income"),
  "GET /api/family_background": referenceList("family_background"),
  // Whom to ask about personal data (ADR 0033): fixed data, for anyone.
  "GET /api/privacy": open(() => get("/api/privacy")),

  // The member's session and account (ADR 0004, ADR 0021).
  "GET /api/users/current": members(() => get("/api/users/current")),
  "GET /api/users/sessions": members(() => get("/api/users/sessions")),
  "POST /api/users/sessions/end_others": members(() => ({ ...post("/api/users/sessions/end_others"), endsOtherSessions: true })),
  "POST /api/users/sign_out": members(() => ({ ...post("/api/users/sign_out"), endsSession: true })),
  // The language chosen with the switch, on the member's own profile: the pid comes from the session (ADR 0040).
  "PUT /api/users/language": members(() => put("/api/users/language", { language: "te" })),
  "PUT /api/users/password": members(
    () => put("/api/users/password", { currentPassword: "not-the-password", password: "Another-pass-9" }),
    {},
    { refusalWrites: ["sign_in_failures"] },
  ),
  "POST /api/users/confirm_mobile": members(() => post("/api/users/confirm_mobile", { code: "123456" }), {}, { refusalWrites: ["one_time_codes", "sign_in_failures"] }),
  // Deleting the own profile (ADR 0034): a wrong password is counted like a sign-in and deletes nothing.
  "POST /api/users/delete_profile/code": members(() => post("/api/users/delete_profile/code")),
  "POST /api/users/delete_profile": members(() => post("/api/users/delete_profile", { password: "not-the-password" }), {}, { refusalWrites: ["sign_in_failures"] }),
  // The member's own consents, export and data requests: the pid comes from the session (ADR 0033).
  "GET /api/users/consents": members(() => get("/api/users/consents")),
  "POST /api/users/consents": members(() => post("/api/users/consents", { promotions: false })),
  "GET /api/users/my_data": members(() => get("/api/users/my_data", { format: "json" })),
  "POST /api/users/data_requests": members(() => post("/api/users/data_requests", { kind: "correction", details: "My father's name is spelt Ramakrishna." })),
  // A full profile: its owner, or an active paid member approved by the owner who confirmed the view (§ "4. States and transitions" and § "6. Roles and permissions", ADR 0012).
  "GET /api/users/:pid{[0-9]+}": members((cast) => get(`/api/users/${owner(cast)}`, { normalized: "true" }), {
    free: refused(403, "MEMBERSHIP_REQUIRED"),
    expired: refused(403, "MEMBERSHIP_EXPIRED"),
    zeroBalance: refused(403, "VIEW_NOT_CONFIRMED"),
    unrelated: refused(403, "NOT_APPROVED"),
  }),
  "POST /api/view_profile": members((cast) => post("/api/view_profile", { pid: owner(cast) }), {
    free: refused(403, "MEMBERSHIP_REQUIRED"),
    expired: refused(403, "MEMBERSHIP_EXPIRED"),
    zeroBalance: refused(403, "BALANCE_EXHAUSTED"),
    unrelated: refused(403, "NOT_APPROVED"),
    resourceOwner: refused(400, "BAD_REQUEST"),
  }),
  // The phone goes only to the owner or an entitled viewer; everyone else gets the card (ADR 0012).
  "GET /api/whatsapp_profile": members((cast) => get("/api/whatsapp_profile", { pid: String(owner(cast)) })),

  // The member's own profile: the pid comes from the session.
  "PUT /api/profile_personal_data": members(() => ({ method: "PUT", path: "/api/profile_personal_data", form: personalForm() })),
  "PUT /api/profile_education_data": members(() => put("/api/profile_education_data", { educationDetails: "B.Sc Computers, Andhra University" })),
  "PUT /api/profile_professional_data": members(() => put("/api/profile_professional_data", { professionType: 5 })),
  "PUT /api/profile_parents_data": members((cast, as) => put("/api/profile_parents_data", parentsOf(cast.memberOf(as).pid))),
  "POST /api/sibling": members(() => post("/api/sibling", sibling)),
  "PUT /api/has_sibling": members(() => put("/api/has_sibling", { hasSiblings: 1 })),
  // Siblings, lists and requests of one member: only that member (another member's sibling is "not found").
  "GET /api/sibling/:pid": resourceOwner((cast) => get(`/api/sibling/${owner(cast)}`), FORBIDDEN),
  "PUT /api/sibling/:id": resourceOwner(async (cast) => put(`/api/sibling/${await cast.siblingOfOwner()}`, sibling), NOT_FOUND),
  "DELETE /api/sibling": resourceOwner(async (cast) => ({ method: "DELETE", path: "/api/sibling", query: { siblingId: String(await cast.siblingOfOwner()) } }), NOT_FOUND),
  "GET /api/profile_visits": resourceOwner((cast) => get("/api/profile_visits", { pid: String(owner(cast)), p_status: "V", page: "1" }), FORBIDDEN),
  "POST /api/send_interest": resourceOwner(async (cast) => post("/api/send_interest", { fpid: owner(cast), tpid: (await cast.newMember("M")).pid }), FORBIDDEN),
  "POST /api/delete_interest": resourceOwner(async (cast) => post("/api/delete_interest", { fpid: owner(cast), tpid: await cast.requestFromOwner() }), FORBIDDEN),
  // A request is decided only by the member it was sent to; the other members here are of the requester's gender.
  "POST /api/approve_interest": resourceOwner(async (cast) => post("/api/approve_interest", { pid: await cast.requestToOwner() }), refused(400, "BAD_REQUEST")),
  "POST /api/reject_interest": resourceOwner(async (cast) => post("/api/reject_interest", { pid: await cast.requestToOwner() }), refused(400, "BAD_REQUEST")),
  "POST /api/recommended_profiles/not_interested": resourceOwner(
    async (cast) => post("/api/recommended_profiles/not_interested", { pid: await cast.recommendationToOwner() }),
    NOT_FOUND,
  ),
  // The caller's own lists and searches.
  "POST /api/remove_profile": members((cast) => post("/api/remove_profile", { pid: cast.bystander.pid })),
  "POST /api/restore_profile": members((cast) => post("/api/restore_profile", { pid: cast.bystander.pid })),
  "GET /api/recommended_profiles": members(() => get("/api/recommended_profiles")),
  "GET /api/Simple_Search_Profiles": members(() => get("/api/Simple_Search_Profiles", { page: "2", order: "tier" })),
  "GET /api/eloborate_profile": members(() => get("/api/eloborate_profile", { page: "1", ageMin: "21", ageMax: "35", star: "4", minPoints: "10", order: "points" })),
  "GET /api/matching_profiles": members(() => get("/api/matching_profiles", { page: "1" })),
  // Search by ID: a card, what search shows (the specification's "no search-by-ID" for FREE members is the screen's).
  "GET /api/single_user_profile/:id": members((cast) => get(`/api/single_user_profile/${owner(cast)}`)),
  "GET /api/whatsapp/profiles_sent": members(() => get("/api/whatsapp/profiles_sent")),
  "GET /api/whatsapp/profiles_not_sent": members(() => get("/api/whatsapp/profiles_not_sent")),
  "GET /api/templates/public": members(() => get("/api/templates/public")),

  // The agency console (ADR 0018): staff, and owners for accounts and the audit log.
  "GET /api/admin/me": staff(() => get("/api/admin/me")),
  "PUT /api/admin/me/password": staff(() => put("/api/admin/me/password", { currentPassword: "not-the-password", newPassword: "Another-pass-9" }), {
    refusalWrites: ["sign_in_failures"],
  }),
  "POST /api/admin/sign_out": staff(() => ({ ...post("/api/admin/sign_out"), endsSession: true })),
  "POST /api/admin/profile_interest": staff(async (cast) =>
    post("/api/admin/profile_interest", { userId: (await cast.newMember("M")).pid, interestedId: (await cast.newMember("F")).pid }),
  ),
  "GET /api/admin/audit_log": ownerStaff(() => get("/api/admin/audit_log", { page: "1", pageSize: "20" })),
  // Who read whose data is for owners; members' data requests for all staff (ADR 0033).
  "GET /api/admin/access_log": ownerStaff((cast) => get("/api/admin/access_log", { pid: String(cast.subject.pid), pageSize: "20" })),
  "GET /api/admin/data_requests": staff(() => get("/api/admin/data_requests", { status: "open" })),
  "POST /api/admin/data_requests": staff((cast) => post("/api/admin/data_requests", { pid: cast.subject.pid, kind: "grievance", details: "Called to complain about a message." })),
  "POST /api/admin/data_requests/:id/close": staff(async (cast) => post(`/api/admin/data_requests/${await cast.dataRequestId()}/close`, { outcome: "Explained on the phone." })),
  "GET /api/admin/members": staff(() => get("/api/admin/members", { q: "Lakshmi", tier: "LIFE", gender: "F", membership: "active", status: "active", page: "1", pageSize: "20" })),
  "GET /api/admin/members/:pid": staff((cast) => get(`/api/admin/members/${cast.subject.pid}`)),
  "PUT /api/admin/members/:pid/membership": staff((cast) =>
    put(`/api/admin/members/${cast.subject.pid}/membership`, { profileType: "FREE", profilesCount: 0, total: 0, lastViewDate: null, expectedTotal: 0 }),
  ),
  "PUT /api/admin/members/:pid/visibility": staff((cast) => put(`/api/admin/members/${cast.subject.pid}/visibility`, { showPhoto: 1, publicProfile: null })),
  "PUT /api/admin/members/:pid/status": staff((cast) => put(`/api/admin/members/${cast.subject.pid}/status`, { active: true })),
  "POST /api/admin/members/:pid/reset_password": staff((cast) => post(`/api/admin/members/${cast.subject.pid}/reset_password`)),
  "POST /api/admin/members/:pid/end_sessions": staff((cast) => post(`/api/admin/members/${cast.subject.pid}/end_sessions`)),
  // A Profile ID nobody has: answered 404, however the fuzzer changes the body, so the cast's members are kept for the other calls.
  "POST /api/admin/members/:pid/delete_profile": staff(() => post("/api/admin/members/999999/delete_profile", { requestId: 999_999 })),
  "PUT /api/admin/members/:pid/personal": staff((cast) => ({
    method: "PUT",
    path: `/api/admin/members/${cast.subject.pid}/personal`,
    form: { ...personalForm(), dob: "12/04/1996", tob: "6:30 AM", height: "20", raasi: "" },
  })),
  "PUT /api/admin/members/:pid/education": staff((cast) => put(`/api/admin/members/${cast.subject.pid}/education`, { educationDetails: "M.A. Telugu" })),
  "PUT /api/admin/members/:pid/profession": staff((cast) => put(`/api/admin/members/${cast.subject.pid}/profession`, { professionType: 5 })),
  "PUT /api/admin/members/:pid/parents": staff((cast) => put(`/api/admin/members/${cast.subject.pid}/parents`, parentsOf(cast.subject.pid))),
  "GET /api/admin/members/:pid/recommendations": staff((cast) => get(`/api/admin/members/${cast.subject.pid}/recommendations`)),
  "POST /api/admin/members/:pid/recommendations": staff((cast) => post(`/api/admin/members/${cast.subject.pid}/recommendations`, { pid: cast.bystander.pid })),
  "DELETE /api/admin/members/:pid/recommendations/:recommendedPid": staff(async (cast) => ({
    method: "DELETE",
    path: `/api/admin/members/${cast.subject.pid}/recommendations/${await cast.recommendationToSubject()}`,
  })),
  "GET /api/admin/members/:pid/links": staff((cast) => get(`/api/admin/members/${cast.subject.pid}/links`)),
  "POST /api/admin/members/:pid/links": staff((cast) => post(`/api/admin/members/${cast.subject.pid}/links`, { kind: "profile" })),
  "POST /api/admin/links/:id/revoke": staff(async (cast) => post(`/api/admin/links/${(await cast.linkOfSubject()).link.id}/revoke`)),
  "GET /api/admin/outbox": staff((cast) => get("/api/admin/outbox", { status: "pending", pid: String(cast.subject.pid), page: "1", pageSize: "20" })),
  "GET /api/admin/outbox/summary": staff(() => get("/api/admin/outbox/summary")),
  "GET /api/admin/outbox/inbound": staff(() => get("/api/admin/outbox/inbound", { page: "1", pageSize: "20" })),
  "POST /api/admin/outbox/:id/retry": staff(async (cast) => post(`/api/admin/outbox/${(await cast.linkOfSubject()).message.id}/retry`)),
  "POST /api/admin/outbox/:id/open": staff(async (cast) => post(`/api/admin/outbox/${(await cast.linkOfSubject()).message.id}/open`)),
  "POST /api/admin/outbox/:id/sent_by_hand": staff(async (cast) => post(`/api/admin/outbox/${(await cast.linkOfSubject()).message.id}/sent_by_hand`)),
  "GET /api/admin/templates": staff(() => get("/api/admin/templates")),
  "POST /api/admin/templates": staff(() => post("/api/admin/templates", { name: "Sankranti", messages: ["*Free* registration this week", "Call us"] })),
  "PUT /api/admin/templates/:id": staff(async (cast) => put(`/api/admin/templates/${await cast.templateId()}`, { name: "Ugadi", messages: ["Happy Ugadi"] })),
  "DELETE /api/admin/templates/:id": staff(async (cast) => ({ method: "DELETE", path: `/api/admin/templates/${await cast.templateId()}` })),
  "GET /api/admin/public_lists": staff(() => get("/api/admin/public_lists")),
  "PUT /api/admin/public_lists": staff((cast) => put("/api/admin/public_lists", { date: cast.newDate(), week: false, templateId: null, pids: [] })),
  "DELETE /api/admin/public_lists/:id": staff(async (cast) => ({ method: "DELETE", path: `/api/admin/public_lists/${await cast.publicListId()}` })),
  "GET /api/admin/staff": ownerStaff(() => get("/api/admin/staff")),
  "POST /api/admin/staff": ownerStaff((cast) => post("/api/admin/staff", { username: cast.newUsername(), name: "Clerk", role: "staff" })),
  "PUT /api/admin/staff/:id/status": ownerStaff(async (cast) => put(`/api/admin/staff/${await cast.staffAccountId()}/status`, { active: true })),
  "POST /api/admin/staff/:id/reset_password": ownerStaff(async (cast) => post(`/api/admin/staff/${await cast.staffAccountId()}/reset_password`)),
};

/** The rule of a route; a route without one fails here, naming it. */
export function ruleOf(key: RouteKey): RouteRule {
  const rule = ROUTE_TABLE[key];
  if (!rule) throw new Error(`${key} has no entry in the route table: say who may call it`);
  return rule;
}
