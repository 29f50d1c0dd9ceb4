// Helpers of the interest-list and phone-request end-to-end tests: seeded
// demo members beyond the named accounts (no other test signs in as them;
// their passwords follow from the seed), found and read through the agency
// console's API (agency.ts), and the API as those members and as the agency.
// Sessions are those of search-helpers.ts, so its openAs and currentUser work
// with them.
import { expect, type APIRequestContext } from "@playwright/test";
import type { SignInResult } from "#shared/api-types.ts";
import { DEFAULT_MEMBER_COUNT, DEFAULT_SEED } from "#scripts/demo/demo-settings.ts";
import { demoMobile, memberPassword } from "#scripts/demo/generate-members.ts";
import { FIRST_PID, NAMED_ACCOUNTS } from "#scripts/demo/named-accounts.ts";
import { membersWhere, requestPartners, staffHeaders, type StaffSession } from "./agency.ts";
import { memberAddress, type Session as SearchSession } from "./search-helpers.ts";
import type { TestInfo } from "@playwright/test";

export interface Member {
  pid: number;
  password: string;
}

export interface Session extends SearchSession, Member {}

/** A seeded member's password follows from the seed (scripts/demo/generate-members.ts). */
export function demoMember(pid: number): Member {
  return { pid, password: memberPassword(DEFAULT_SEED, pid) };
}

interface DemoRow {
  pid: number;
  gender: "F" | "M";
  /** Paid, active for two more days at least, and a balance of two or more. */
  activePaid: boolean;
}

let demo: Promise<DemoRow[]> | undefined;

/** yyyy-MM-dd, `days` from now. */
const isoDateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The active seeded demo members beyond the named accounts (10001-10020,
 * which the search and full-profile tests sign in as; members registered by
 * tests come after the seeded ones and have passwords of their own), read
 * once per test worker.
 */
function demoMembers(): Promise<DemoRow[]> {
  demo ??= (async () => {
    const lastNamed = FIRST_PID + NAMED_ACCOUNTS.length - 1;
    const rows = await membersWhere({ status: "active" });
    return rows
      .filter((row) => row.pid > lastNamed && row.pid < FIRST_PID + DEFAULT_MEMBER_COUNT)
      .sort((a, b) => a.pid - b.pid)
      .map((row) => ({
        pid: row.pid,
        gender: row.gender,
        activePaid: row.membership.active && (row.profileLimits.lastViewDate ?? "") >= isoDateIn(2) && row.membership.balance >= 2,
      }));
  })();
  return demo;
}

/** Active paid demo members with a balance of at least two, lowest Profile IDs first: a balance measured here moves only by what the test does. */
export async function activePaidMembers(gender: "F" | "M", count: number): Promise<(Member & { mobile: string })[]> {
  const rows = (await demoMembers()).filter((row) => row.gender === gender && row.activePaid).slice(0, count);
  expect(rows).toHaveLength(count);
  return rows.map((row) => ({ ...demoMember(row.pid), mobile: demoMobile(row.pid - FIRST_PID) }));
}

/**
 * Demo members of one gender, highest Profile IDs first, for requests made
 * to or by the agency; with `strangerTo`, only those with no request either
 * way with that member.
 */
export async function otherMembers(gender: "F" | "M", count: number, offset = 0, strangerTo?: number): Promise<number[]> {
  const partners = strangerTo === undefined ? new Set<number>() : await requestPartners(strangerTo);
  const pids = (await demoMembers())
    .filter((row) => row.gender === gender && !partners.has(row.pid))
    .map((row) => row.pid)
    .reverse()
    .slice(offset, offset + count);
  expect(pids).toHaveLength(count);
  return pids;
}

/** The tests that each need a member of their own; each gets a range of demo members per project. */
const SLOTS = ["approve", "paging", "refusal", "requestForm", "requestSignedIn", "requestRefused", "approveTelugu"] as const;
export type Slot = (typeof SLOTS)[number];
const SLOT_SIZE = 8;

/**
 * A demo member of one gender for one test and project: from the top of the
 * Profile IDs down (the active paid members above come from the bottom), the
 * first of the test's range with no request either way with `strangerTo`,
 * so that a repeated run on the same data picks the next one.
 */
export async function memberFor(testInfo: TestInfo, slot: Slot, gender: "F" | "M", strangerTo?: number): Promise<Member & { mobile: string }> {
  const start = (SLOTS.indexOf(slot) * 2 + (testInfo.project.name === "phone" ? 0 : 1)) * SLOT_SIZE;
  const range = await otherMembers(gender, SLOT_SIZE, start);
  const partners = strangerTo === undefined ? new Set<number>() : await requestPartners(strangerTo);
  const pid = range.find((candidate) => !partners.has(candidate));
  if (pid === undefined) throw new Error(`no ${gender} member left for ${slot}`);
  return { ...demoMember(pid), mobile: demoMobile(pid - FIRST_PID) };
}

/** Signs any demo member in through the API, from their own address (memberAddress). */
export async function apiSignIn(request: APIRequestContext, member: Member): Promise<Session> {
  const headers = memberAddress(member.pid);
  const response = await request.post("/api/users/sign_in", { data: { pid: member.pid, password: member.password }, headers });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: SignInResult };
  return { ...member, token: data.token, headers, request };
}

export interface ApiAnswer<T> {
  status: number;
  data?: T;
  error?: string;
  code?: string;
}

/** A call as the member: GET without a body, POST with one. */
export async function api<T>(session: SearchSession, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const headers = { ...session.headers, Authorization: `Bearer ${session.token}` };
  const response = body === undefined ? await session.request.get(path, { headers }) : await session.request.post(path, { headers, data: body });
  return { status: response.status(), ...((await response.json()) as Omit<ApiAnswer<T>, "status">) };
}

/**
 * The agency sends interest from `fromPid` to `toPid` (POST
 * admin/profile_interest): the same statement and WhatsApp message as a
 * member's own request, without signing each sender in.
 */
export async function agencySendsInterest(staff: StaffSession, fromPid: number, toPid: number): Promise<void> {
  const response = await staff.request.post("/api/admin/profile_interest", {
    data: { userId: fromPid, interestedId: toPid, skip: true },
    // The sender's own address: the interest limit is thirty a minute per address.
    headers: { ...staffHeaders(staff), ...memberAddress(fromPid) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The base64 JSON q of a /request link (docs/specification.md § "Anonymous routes"), as the product writes it. */
export function requestQuery(targetPid: number | string): string {
  return Buffer.from(JSON.stringify({ pid: String(targetPid) }), "utf8").toString("base64url");
}

/** What a finger taps on these screens: checked for 44 px (search-helpers.ts expectTouchTargets). */
export const TAP_TARGETS = "main button, main a.btn-primary, main a.btn-outline, main nav a";
