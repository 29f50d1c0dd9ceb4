// The agency's side of the end-to-end tests: the demo owner's console
// session (scripts/demo/demo-staff.ts), and what the console's API tells
// about members and their WhatsApp messages. Tests read the server's data
// this way, as the agency does, and never open the database file: a second
// process reading the local SQLite file while wrangler dev wrote to it made
// the server's own writes fail with "database is locked" and answer 500.
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import type { AdminMember, AdminMemberRow, Paged } from "#shared/admin-types.ts";
import { ADMIN_MAX_PAGE_SIZE } from "#shared/schemas/admin.ts";
import { demoOwner } from "#scripts/demo/demo-staff.ts";
import { E2E_BASE_URL } from "./e2e-server.ts";

export interface StaffSession {
  token: string;
  request: APIRequestContext;
}

/** The console's own address: the Worker rate-limits per client address (search-helpers.ts memberAddress). */
export const STAFF_ADDRESS = { "CF-Connecting-IP": "198.51.100.250" };

let signedIn: Promise<StaffSession> | undefined;

/**
 * The demo owner, signed in once per test worker on a request context of its
 * own (a test's `request` ends with the test).
 */
export function ownerSession(): Promise<StaffSession> {
  signedIn ??= (async () => {
    const request = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
    const owner = demoOwner();
    const response = await request.post("/api/admin/sign_in", { data: { username: owner.username, password: owner.password }, headers: STAFF_ADDRESS });
    expect(response.status(), await response.text()).toBe(200);
    const { data } = (await response.json()) as { data: { token: string } };
    return { token: data.token, request };
  })();
  return signedIn;
}

export function staffHeaders(staff: StaffSession): Record<string, string> {
  return { ...STAFF_ADDRESS, Authorization: `Bearer ${staff.token}` };
}

async function adminGet<T>(path: string): Promise<T> {
  const staff = await ownerSession();
  const get = () => staff.request.get(path, { headers: staffHeaders(staff) });
  // The owner's context lives for the whole worker, and a kept-alive socket
  // the server has meanwhile closed fails once with ECONNRESET; a GET may be
  // sent again.
  const response = await get().catch((error: unknown) => {
    if (String(error).includes("ECONNRESET")) return get();
    throw error;
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export function memberWhole(pid: number): Promise<AdminMember> {
  return adminGet<AdminMember>(`/api/admin/members/${pid}`);
}

/** Every member matching a console search (all pages), newest first. */
export async function membersWhere(query: Record<string, string>): Promise<AdminMemberRow[]> {
  const rows: AdminMemberRow[] = [];
  for (let page = 1; ; page += 1) {
    const search = new URLSearchParams({ ...query, page: String(page), pageSize: String(ADMIN_MAX_PAGE_SIZE) });
    const result = await adminGet<Paged<AdminMemberRow>>(`/api/admin/members?${search}`);
    rows.push(...result.items);
    if (rows.length >= result.total || result.items.length === 0) return rows;
  }
}

/** The members with a request either way with `pid`, as the data is now. */
export async function requestPartners(pid: number): Promise<Set<number>> {
  const member = await memberWhole(pid);
  return new Set(member.interests.map((interest) => (interest.fromPid === pid ? interest.toPid : interest.fromPid)));
}
