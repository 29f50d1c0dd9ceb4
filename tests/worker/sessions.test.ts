import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EndedSessions, MemberSession } from "#shared/api-types.ts";
import { issueAutoLoginLink } from "#worker/lib/link-tokens.ts";
import { api, bearer, postJson, sendJson, signIn, signedInMember, staffSession } from "./setup/fixtures.ts";

// "Where you are signed in" on Edit profile (ADR 0024): GET
// /api/users/sessions lists the member's live sessions and how each began;
// POST /api/users/sessions/end_others signs out all but the caller's.

async function sessionsOf(headers: Record<string, string>): Promise<MemberSession[]> {
  const response = await api("/api/users/sessions", { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return (await response.json<{ data: MemberSession[] }>()).data;
}

/** Signs the member in with a new link of theirs, issued by the product or in the console. */
async function signInWithLink(pid: number, issuedBy?: number): Promise<Record<string, string>> {
  const link = await issueAutoLoginLink(env.DB, { origin: "https://agency.example", kind: "profile", memberPid: pid, ...(issuedBy ? { issuedBy } : {}) });
  await link.statement.run();
  const response = await postJson("/api/users/link_sign_in", { kind: "profile", link: new URL(link.url).searchParams.get("link") });
  expect(response.status).toBe(200);
  return bearer((await response.json<{ data: { token: string } }>()).data.token);
}

async function sessionIdsOf(pid: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM sessions WHERE member_pid = ?1").bind(pid).all<{ id: string }>();
  return results.map((row) => row.id);
}

describe("GET /api/users/sessions", () => {
  it("lists the member's live sessions, newest first, how each began and which is this one, without their ids", async () => {
    const member = await signedInMember();
    const staff = await staffSession();
    const byLink = await signInWithLink(member.pid);
    const byAgency = await signInWithLink(member.pid, staff.id);
    // Seconds apart, so that the order is the order of sign-in.
    await env.DB.prepare(
      "UPDATE sessions SET created_at = CASE method WHEN 'password' THEN '2026-11-20T08:00:00.000Z' WHEN 'link' THEN '2026-11-20T09:00:00.000Z' ELSE '2026-11-20T10:00:00.000Z' END WHERE member_pid = ?1",
    )
      .bind(member.pid)
      .run();

    const listed = await sessionsOf(byLink);
    expect(listed.map(({ method, current, signedInAt }) => ({ method, current, signedInAt }))).toEqual([
      { method: "agency_link", current: false, signedInAt: "2026-11-20T10:00:00.000Z" },
      { method: "link", current: true, signedInAt: "2026-11-20T09:00:00.000Z" },
      { method: "password", current: false, signedInAt: "2026-11-20T08:00:00.000Z" },
    ]);
    for (const session of listed) expect(Object.keys(session).sort()).toEqual(["current", "expiresAt", "method", "signedInAt"]);
    expect((await sessionsOf(byAgency)).map((session) => session.current)).toEqual([true, false, false]);
  });

  it("leaves out ended and expired sessions, and other members' sessions", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const ended = bearer(await signIn(member));
    expect((await postJson("/api/users/sign_out", {}, ended)).status).toBe(200);
    const before = await sessionIdsOf(member.pid);
    await signIn(member);
    const [expired] = (await sessionIdsOf(member.pid)).filter((id) => !before.includes(id));
    await env.DB.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?1").bind(expired).run();
    // Three sessions were opened; only the first is still live.
    expect(await sessionIdsOf(member.pid)).toHaveLength(3);
    expect(await sessionsOf(member.headers)).toEqual([expect.objectContaining({ current: true, method: "password" })]);
    expect(await sessionsOf(other.headers)).toEqual([expect.objectContaining({ current: true })]);
  });

  it("refuses anonymous callers and staff tokens", async () => {
    const staff = await staffSession();
    for (const headers of [{}, staff.headers]) {
      expect((await api("/api/users/sessions", { headers })).status).toBe(401);
      expect((await sendJson("POST", "/api/users/sessions/end_others", {}, headers)).status).toBe(401);
    }
  });
});

describe("POST /api/users/sessions/end_others", () => {
  it("signs out every other session of the member, however it began, and keeps this one and other members'", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const second = bearer(await signIn(member));
    const byLink = await signInWithLink(member.pid);
    const response = await sendJson("POST", "/api/users/sessions/end_others", {}, member.headers);
    expect(response.status).toBe(200);
    expect(await response.json<{ data: EndedSessions }>()).toEqual({ data: { ended: 2 } });
    for (const headers of [second, byLink]) expect((await api("/api/users/current", { headers })).status).toBe(401);
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(200);
    expect((await api("/api/users/current", { headers: other.headers })).status).toBe(200);
    expect(await sessionsOf(member.headers)).toEqual([expect.objectContaining({ current: true, method: "password" })]);
    // Nothing else to end: a second call ends nothing.
    expect(await (await sendJson("POST", "/api/users/sessions/end_others", {}, member.headers)).json()).toEqual({ data: { ended: 0 } });
  });
});
