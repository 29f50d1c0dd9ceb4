import { env } from "cloudflare:test";
import type { IssuedLink } from "#shared/admin-types.ts";
import { INDIA_TIME_ZONE, todayIn } from "#shared/dates.ts";
import { bearer, contactOf, createInterest, createMember, postJson, sendJson, signIn, smallJpeg, staffSession, staffSessionOf, type TestMember } from "../setup/fixtures.ts";

// The people the security suite calls the API as (ADR 0027), made once per
// test file: one member per membership state the specification names
// (docs/specification.md § "6. Roles and permissions"), the owner of the resources the calls are about, a member that
// owner approved, and the agency's staff. Resources a call may consume (a
// sibling to delete, a request to approve) are made fresh for each call.

export const MEMBER_ROLES = ["free", "expired", "zeroBalance", "unrelated", "resourceOwner", "entitledViewer"] as const;
export const STAFF_ROLES = ["staff", "ownerStaff"] as const;
export const ROLES = ["anonymous", ...MEMBER_ROLES, ...STAFF_ROLES] as const;

export type MemberRole = (typeof MEMBER_ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = (typeof ROLES)[number];

export const isMemberRole = (role: Role): role is MemberRole => (MEMBER_ROLES as readonly Role[]).includes(role);
export const isStaffRole = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

/**
 * The roles, as the specification and the ADRs define them:
 * - free: a FREE member (§ "6. Roles and permissions"), who once paid and viewed the owner's profile;
 * - expired: a paid member whose lastViewDate has passed, who viewed the owner's profile then;
 * - zeroBalance: an active paid member with no views left, approved by the owner;
 * - unrelated: an active paid member with views left, no request to the owner;
 * - resourceOwner: the member whose profile, siblings, requests and lists the calls name;
 * - entitledViewer: an active paid member the owner approved, who confirmed the view (ADR 0012);
 * - staff and ownerStaff: the agency's console accounts (ADR 0018).
 * Every member who looks at the owner is of the other gender, as search shows them.
 */
export interface Cast {
  member: Record<MemberRole, TestMember>;
  /** The member staff act on in the console's calls. */
  subject: TestMember;
  /** A member of the other gender from the subject, recommended to them; also hidden and restored by members. */
  bystander: TestMember;
  /** The member whose Profile ID and password the sign-in and reset calls send. */
  signInMember: TestMember;
  /** A staff account whose username and password the console sign-in sends. */
  signInStaff: string;
  /** The payload of a live auto-login link, as /profile_link posts it. */
  liveLink: string;
  /** A day with a published public list (and its template). */
  publicListDate: string;
  headers(role: Role): Record<string, string>;
  /** A session of the role's account of its own, for a call that ends it; taken from the reserve when there is one. */
  ownSession(role: Role): Promise<Record<string, string>>;
  /** Forgets the sessions signed in ahead, after a call that ended the role's other sessions. */
  dropReserve(role: Role): void;
  /** Signs in ahead, so that later calls never depend on a sign-in (the fuzzer's wrong passwords put accounts in back-off). */
  reserveSessions(role: Role, count: number): Promise<void>;
  /** The member a role calls as; anonymous callers name the resource owner where a body needs a member. */
  memberOf(role: Role): TestMember;
  newMember(gender: "F" | "M"): Promise<TestMember>;
  /** A sibling of the resource owner: its id. */
  siblingOfOwner(): Promise<number>;
  /** A member whose request to the resource owner waits for a decision: their Profile ID. */
  requestToOwner(): Promise<number>;
  /** A member the resource owner asked and who has not decided: their Profile ID. */
  requestFromOwner(): Promise<number>;
  /** A profile the agency recommended to the resource owner: its Profile ID. */
  recommendationToOwner(): Promise<number>;
  /** A profile the agency recommended to the subject: its Profile ID. */
  recommendationToSubject(): Promise<number>;
  /** An auto-login link issued for the subject, with its message in the outbox. */
  linkOfSubject(): Promise<IssuedLink>;
  templateId(): Promise<number>;
  publicListId(): Promise<number>;
  staffAccountId(): Promise<number>;
  /** An open data request about the subject, recorded by staff (ADR 0033). */
  dataRequestId(): Promise<number>;
  /** A WhatsApp number no member has. */
  newMobile(): string;
  /** A day no public list has. */
  newDate(): string;
  /** A staff username no account has. */
  newUsername(): string;
}

const FAR_FUTURE = "2099-12-31";

async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.status !== 200) throw new Error(`${what} failed while setting up the cast: ${response.status} ${await response.text()}`);
  return response;
}

async function dataOf<T>(response: Response, what: string): Promise<T> {
  return (await (await expectOk(response, what)).json<{ data: T }>()).data;
}

/** Puts photo objects where createMember's keys point, so /images and /og have something to serve. */
async function storePhotos(pid: number): Promise<void> {
  const bytes = smallJpeg();
  await Promise.all([env.PHOTOS.put(`photos/full-${pid}.jpg`, bytes), env.PHOTOS.put(`photos/full-${pid}-blur.jpg`, bytes)]);
}

/** A member who viewed the owner while paid, whose membership the agency then changed to `after`. */
async function formerViewer(owner: TestMember, staff: Record<string, string>, after: { profileType: "FREE" | "MEMBER"; lastViewDate: string | null }): Promise<TestMember> {
  const member = await createMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, lastViewDate: FAR_FUTURE });
  await createInterest(member.pid, owner.pid, "approved");
  await expectOk(await postJson("/api/view_profile", { pid: owner.pid }, bearer(await signIn(member))), "a first view");
  // A paid membership is sold to run from today (ADR 0018): one that has ended is written as time would leave it.
  const ended = after.lastViewDate !== null && after.lastViewDate < todayIn(INDIA_TIME_ZONE);
  const membership = { ...after, lastViewDate: ended ? FAR_FUTURE : after.lastViewDate, profilesCount: 5, total: 1, expectedTotal: 1 };
  await expectOk(await sendJson("PUT", `/api/admin/members/${member.pid}/membership`, membership, staff), "changing a membership");
  if (ended) await env.DB.prepare("UPDATE members SET last_view_date = ?2 WHERE pid = ?1").bind(member.pid, after.lastViewDate).run();
  return member;
}

async function makeMembers(staff: Record<string, string>): Promise<Record<MemberRole, TestMember>> {
  const resourceOwner = await createMember({ gender: "F", profileType: "LIFE", profilesCount: 100, lastViewDate: FAR_FUTURE });
  await storePhotos(resourceOwner.pid);
  const entitledViewer = await createMember({ gender: "M", profileType: "PREMIUM", profilesCount: 20, lastViewDate: FAR_FUTURE });
  await createInterest(entitledViewer.pid, resourceOwner.pid, "approved");
  await expectOk(await postJson("/api/view_profile", { pid: resourceOwner.pid }, bearer(await signIn(entitledViewer))), "the entitled viewer's view");
  const zeroBalance = await createMember({ gender: "M", profileType: "DONOR", profilesCount: 3, total: 3, lastViewDate: FAR_FUTURE });
  await createInterest(zeroBalance.pid, resourceOwner.pid, "approved");
  return {
    free: await formerViewer(resourceOwner, staff, { profileType: "FREE", lastViewDate: null }),
    expired: await formerViewer(resourceOwner, staff, { profileType: "MEMBER", lastViewDate: "2020-01-01" }),
    zeroBalance,
    unrelated: await createMember({ gender: "M", profileType: "PREMIUM", profilesCount: 20, lastViewDate: FAR_FUTURE }),
    resourceOwner,
    entitledViewer,
  };
}

/**
 * Registration numbers a new member MAX(pid) + 1 and createMember counts on
 * from 50,000 in the same file, so the suite's registrations would take the
 * numbers its later members need: one member far above keeps them apart.
 */
async function keepRegistrationsApart(): Promise<void> {
  // Without consents: a consent row would hold the Profile ID the update moves.
  const placeholder = await createMember({ gender: "M", consents: "none" });
  await env.DB.prepare("UPDATE members SET pid = 900000 WHERE pid = ?1").bind(placeholder.pid).run();
}

export async function createCast(): Promise<Cast> {
  await keepRegistrationsApart();
  const ownerStaff = await staffSession("owner");
  const staff = await staffSession("staff");
  const signInStaff = (await staffSession("staff")).username;
  const member = await makeMembers(ownerStaff.headers);
  const [subject, bystander, signInMember, linkMember] = await Promise.all([
    createMember({ gender: "F" }),
    createMember({ gender: "M" }),
    createMember({ gender: "M" }),
    createMember({ gender: "M" }),
  ]);

  const headersOf = new Map<Role, Record<string, string>>([
    ["anonymous", {}],
    ["staff", staff.headers],
    ["ownerStaff", ownerStaff.headers],
  ]);
  for (const role of MEMBER_ROLES) headersOf.set(role, bearer(await signIn(member[role])));
  const usernames: Record<StaffRole, string> = { staff: staff.username, ownerStaff: ownerStaff.username };
  const reserve = new Map<Role, Record<string, string>[]>();

  let counter = 0;
  const next = () => ++counter;
  const asOwnerStaff = ownerStaff.headers;

  const newSession = async (role: Role): Promise<Record<string, string>> => {
    if (role === "anonymous") return {};
    if (isStaffRole(role)) return staffSessionOf(usernames[role]);
    return bearer(await signIn(member[role]));
  };
  const linkOf = async (pid: number): Promise<IssuedLink> =>
    dataOf<IssuedLink>(await postJson(`/api/admin/members/${pid}/links`, { kind: "profile" }, asOwnerStaff), "issuing a link");
  const recommend = async (to: TestMember, gender: "F" | "M"): Promise<number> => {
    const recommended = await createMember({ gender });
    await expectOk(await postJson(`/api/admin/members/${to.pid}/recommendations`, { pid: recommended.pid }, asOwnerStaff), "a recommendation");
    return recommended.pid;
  };
  const templateId = async (): Promise<number> =>
    (await dataOf<{ id: number }>(await postJson("/api/admin/templates", { name: `Festival ${next()}`, messages: ["Register free this week"] }, asOwnerStaff), "a template")).id;
  const newDate = (): string => new Date(Date.UTC(2031, 0, 1) + next() * 86_400_000).toISOString().slice(0, 10);
  const publishList = async (date: string, template: number | null): Promise<number> =>
    (await dataOf<{ id: number }>(await sendJson("PUT", "/api/admin/public_lists", { date, week: false, templateId: template, pids: [] }, asOwnerStaff), "a public list")).id;

  const liveLink = new URL((await linkOf(linkMember.pid)).url).searchParams.get("link") ?? "";
  const publicListDate = "2030-06-03";
  await publishList(publicListDate, await templateId());

  return {
    member,
    subject,
    bystander,
    signInMember,
    signInStaff,
    liveLink,
    publicListDate,
    headers: (role) => headersOf.get(role) ?? {},
    ownSession: async (role) => reserve.get(role)?.pop() ?? newSession(role),
    dropReserve: (role) => reserve.delete(role),
    reserveSessions: async (role, count) => {
      const sessions = reserve.get(role) ?? [];
      for (let i = 0; i < count; i++) sessions.push(await newSession(role));
      reserve.set(role, sessions);
    },
    memberOf: (role) => (isMemberRole(role) ? member[role] : member.resourceOwner),
    newMember: (gender) => createMember({ gender }),
    siblingOfOwner: async () => {
      const sibling = { siblingType: "EB", name: "Ravi", maritalStatus: "M", working: "Y", details: "Engineer in Pune" };
      return (await dataOf<{ id: number }>(await postJson("/api/sibling", sibling, headersOf.get("resourceOwner")), "adding a sibling")).id;
    },
    requestToOwner: async () => {
      const requester = await createMember({ gender: "M" });
      await createInterest(requester.pid, member.resourceOwner.pid);
      return requester.pid;
    },
    requestFromOwner: async () => {
      const asked = await createMember({ gender: "M" });
      await createInterest(member.resourceOwner.pid, asked.pid);
      return asked.pid;
    },
    recommendationToOwner: () => recommend(member.resourceOwner, "M"),
    recommendationToSubject: () => recommend(subject, "M"),
    linkOfSubject: () => linkOf(subject.pid),
    templateId,
    publicListId: () => publishList(newDate(), null),
    staffAccountId: async () =>
      (await dataOf<{ account: { id: number } }>(await postJson("/api/admin/staff", { username: `desk${next()}`, name: "Desk", role: "staff" }, asOwnerStaff), "a staff account"))
        .account.id,
    dataRequestId: async () =>
      (
        await dataOf<{ id: number }>(
          await postJson("/api/admin/data_requests", { pid: subject.pid, kind: "correction", details: "Spelling of the surname." }, asOwnerStaff),
          "a data request",
        )
      ).id,
    newMobile: () => `+9197010${String(next()).padStart(5, "0")}`,
    newDate,
    newUsername: () => `clerk${next()}`,
  };
}

/** What of the resource owner must reach only the owner, an entitled viewer and staff. */
export function ownerContact(cast: Cast): string[] {
  const { mobile, alternateMobile, email } = contactOf(cast.member.resourceOwner.pid);
  return [mobile, alternateMobile, email];
}
