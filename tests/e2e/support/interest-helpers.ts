// Helpers of the interest-list and phone-request end-to-end tests: seeded
// demo members beyond the named accounts (no other test signs in as them;
// their passwords follow from the seed), the API as those members and as the
// agency, and the local outbox. Sessions are those of search-helpers.ts, so
// its openAs and currentUser work with them.
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { SignInResult } from "../../../shared/api-types.ts";
import { DEFAULT_MEMBER_COUNT, DEFAULT_SEED } from "../../../scripts/demo/demo-settings.ts";
import { demoOwner } from "../../../scripts/demo/demo-staff.ts";
import { demoMobile, memberPassword } from "../../../scripts/demo/generate-members.ts";
import { FIRST_PID, NAMED_ACCOUNTS } from "../../../scripts/demo/named-accounts.ts";
import { queryLocalDb } from "./local-d1.ts";
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
  activePaid: 0 | 1;
}

interface DemoData {
  members: DemoRow[];
  /** "a:b" for every request either way, as the data was when the worker started. */
  pairs: Set<string>;
}

let demo: Promise<DemoData> | undefined;

/**
 * The seeded demo members beyond the named accounts (10001-10020, which the
 * search and full-profile tests sign in as; members registered by tests come
 * after the seeded ones and have passwords of their own) and who asked whom,
 * read once per test worker: a wrangler call takes seconds on a busy machine.
 */
function demoData(): Promise<DemoData> {
  demo ??= (async () => {
    const members = await queryLocalDb<DemoRow>(
      `SELECT pid, gender, (profile_type <> 'FREE' AND last_view_date >= date('now', '+2 days') AND profiles_count - total >= 2) AS activePaid
         FROM members WHERE pid > ${FIRST_PID + NAMED_ACCOUNTS.length - 1} AND pid < ${FIRST_PID + DEFAULT_MEMBER_COUNT} AND active = 1 ORDER BY pid`,
    );
    const pairs = await queryLocalDb<{ a: number; b: number }>("SELECT from_pid AS a, to_pid AS b FROM interests");
    return { members, pairs: new Set(pairs.flatMap(({ a, b }) => [`${a}:${b}`, `${b}:${a}`])) };
  })();
  return demo;
}

/** Active paid demo members with a balance of at least two, lowest Profile IDs first: a balance measured here moves only by what the test does. */
export async function activePaidMembers(gender: "F" | "M", count: number): Promise<Member[]> {
  const rows = (await demoData()).members.filter((row) => row.gender === gender && row.activePaid === 1).slice(0, count);
  expect(rows).toHaveLength(count);
  return rows.map((row) => demoMember(row.pid));
}

/**
 * Demo members of one gender, highest Profile IDs first, for requests made
 * to or by the agency; with `strangerTo`, only those with no request either
 * way with that member.
 */
export async function otherMembers(gender: "F" | "M", count: number, offset = 0, strangerTo?: number): Promise<number[]> {
  const { members, pairs } = await demoData();
  const pids = members
    .filter((row) => row.gender === gender && (strangerTo === undefined || !pairs.has(`${row.pid}:${strangerTo}`)))
    .map((row) => row.pid)
    .reverse()
    .slice(offset, offset + count);
  expect(pids).toHaveLength(count);
  return pids;
}

/** The tests that each need a member of their own; each gets a range of demo members per project. */
const SLOTS = ["approve", "paging", "refusal", "requestForm", "requestSignedIn", "requestRefused"] as const;
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
  const { pairs } = await demoData();
  const pid = range.find((candidate) => strangerTo === undefined || !pairs.has(`${candidate}:${strangerTo}`));
  if (pid === undefined) throw new Error(`no ${gender} member left for ${slot}`);
  return { ...demoMember(pid), mobile: demoMobile(pid - FIRST_PID) };
}

/**
 * A set-up call, once more if the local server answered 500: a test reading
 * the server's database from a second process (local-d1.ts) can make one
 * of the server's writes meet "database is locked". Only for calls that may
 * safely be repeated.
 */
async function retryOnce(call: () => Promise<APIResponse>): Promise<APIResponse> {
  const first = await call();
  if (first.status() !== 500) return first;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return call();
}

/** Signs any demo member in through the API, from their own address (memberAddress). */
export async function apiSignIn(request: APIRequestContext, member: Member): Promise<Session> {
  const headers = memberAddress(member.pid);
  const response = await retryOnce(() => request.post("/api/users/sign_in", { data: { pid: member.pid, password: member.password }, headers }));
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

/** The agency's console session (the demo owner), for requests made on members' behalf. */
export async function staffSession(request: APIRequestContext): Promise<{ token: string; request: APIRequestContext }> {
  const owner = demoOwner();
  const response = await retryOnce(() =>
    request.post("/api/admin/sign_in", { data: { username: owner.username, password: owner.password }, headers: memberAddress(0) }),
  );
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  return { token: data.token, request };
}

/**
 * The agency sends interest from `fromPid` to `toPid` (POST
 * admin/profile_interest): the same statement and WhatsApp message as a
 * member's own request, without signing each sender in.
 */
export async function agencySendsInterest(staff: { token: string; request: APIRequestContext }, fromPid: number, toPid: number): Promise<void> {
  const response = await retryOnce(() =>
    staff.request.post("/api/admin/profile_interest", {
      data: { userId: fromPid, interestedId: toPid, skip: true },
      // The sender's own address: the interest limit is thirty a minute per address.
      headers: { ...memberAddress(fromPid), Authorization: `Bearer ${staff.token}` },
    }),
  );
  expect(response.status(), await response.text()).toBe(200);
}

/** The WhatsApp messages of one kind written for a member, oldest first (ADR 0009). */
export async function outboxBodies(pid: number, kind: string): Promise<string[]> {
  const rows = await queryLocalDb<{ body: string }>(`SELECT body FROM outbox WHERE member_pid = ${Number(pid)} AND kind = '${kind.replace(/'/g, "''")}' ORDER BY id`);
  return rows.map((row) => row.body);
}

/** The base64 JSON q of a /request link (section 2), as the product writes it. */
export function requestQuery(targetPid: number | string): string {
  return Buffer.from(JSON.stringify({ pid: String(targetPid) }), "utf8").toString("base64url");
}

/** What a finger taps on these screens: checked for 44 px (search-helpers.ts expectTouchTargets). */
export const TAP_TARGETS = "main button, main a.btn-primary, main a.btn-outline, main nav a";
