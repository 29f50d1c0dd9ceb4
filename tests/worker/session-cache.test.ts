import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { issueAutoLoginLink } from "#worker/lib/link-tokens.ts";
import { LIVE_SESSION_WINDOW_MS, forgetMemberSessions, liveSessionClock, rememberSession, rememberedSession } from "#worker/lib/live-sessions.ts";
import { deliverOutbox } from "#worker/lib/whatsapp/deliver-outbox.ts";
import type { CurrentUser } from "#shared/api-types.ts";
import { api, bearer, createInterest, createMember, postJson, sendJson, signIn, staffSession, watchD1, type TestMember } from "./setup/fixtures.ts";
import { templateOf, testWhatsApp } from "./setup/whatsapp.ts";

// A member's session found live is taken as live for five seconds more
// (ADR 0029): every ending made in this isolate refuses it at once; one made
// elsewhere (another isolate, or D1 changed behind the Worker's back, as
// here) within the window. The window's clock is moved instead of waiting.

let now = Date.now();

beforeEach(() => {
  // Far from the previous test's time: nothing it remembered or ended holds here.
  now += 3_600_000;
  vi.spyOn(liveSessionClock, "now").mockImplementation(() => now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const current = async (headers: Record<string, string>) => (await api("/api/users/current", { headers })).status;

/** A member signed in on two devices, each of whose sessions this isolate has just found live. */
async function twoDevices(): Promise<{ member: TestMember; here: Record<string, string>; elsewhere: Record<string, string> }> {
  const member = await createMember();
  const here = bearer(await signIn(member));
  const elsewhere = bearer(await signIn(member));
  expect([await current(here), await current(elsewhere)]).toEqual([200, 200]);
  return { member, here, elsewhere };
}

/** D1 statements prepared while `call` runs. */
async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  const d1 = watchD1();
  try {
    await call();
    return d1.statements();
  } finally {
    d1.restore();
  }
}

describe("a session found live", () => {
  it("is not read again from D1 within the window, nor is the member's summary users/current answers", async () => {
    const member = await createMember();
    const headers = bearer(await signIn(member));
    expect(await statementsOf(() => api("/api/users/current", { headers }))).toBe(2);
    expect(await statementsOf(() => api("/api/users/current", { headers }))).toBe(0);
    now += LIVE_SESSION_WINDOW_MS;
    expect(await statementsOf(() => api("/api/users/current", { headers }))).toBe(2);
  });

  it("answers users/current with what the member or staff just changed here, and with a change made elsewhere within the window", async () => {
    const staff = await staffSession();
    const viewer = await createMember({ gender: "M", profileType: "LIFE", profilesCount: 3, lastViewDate: "2099-01-01" });
    const headers = bearer(await signIn(viewer));
    const balance = async () => (await (await api("/api/users/current", { headers })).json<{ data: CurrentUser }>()).data.membership.balance;
    expect(await balance()).toBe(3);
    // A view the member confirms here is charged and shows at once.
    const bride = await createMember({ gender: "F" });
    await createInterest(viewer.pid, bride.pid, "approved");
    expect((await postJson("/api/view_profile", { pid: bride.pid }, headers)).status).toBe(200);
    expect(await balance()).toBe(2);
    // So does staff's change of the membership.
    const membership = { profileType: "LIFE", profilesCount: 10, total: 2, lastViewDate: "2099-01-01", expectedTotal: 1 };
    expect((await sendJson("PUT", `/api/admin/members/${viewer.pid}/membership`, membership, staff.headers)).status).toBe(200);
    now += 1;
    expect(await balance()).toBe(8);
    // A change made by another isolate shows within the window.
    await env.DB.prepare("UPDATE members SET total = 5 WHERE pid = ?1").bind(viewer.pid).run();
    now += LIVE_SESSION_WINDOW_MS - 1;
    expect(await balance()).toBe(8);
    now += 1;
    expect(await balance()).toBe(5);
  });

  it("is refused within the window once ended elsewhere, and a deactivated member's too", async () => {
    const { member, here, elsewhere } = await twoDevices();
    // Another isolate ends both sessions.
    await env.DB.prepare("UPDATE sessions SET ended_at = ?2 WHERE member_pid = ?1").bind(member.pid, new Date().toISOString()).run();
    now += LIVE_SESSION_WINDOW_MS - 1;
    expect(await current(here)).toBe(200);
    now += 1;
    expect([await current(here), await current(elsewhere)]).toEqual([401, 401]);

    const other = await twoDevices();
    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(other.member.pid).run();
    now += LIVE_SESSION_WINDOW_MS;
    expect([await current(other.here), await current(other.elsewhere)]).toEqual([401, 401]);
  });

  it("is never taken for a refused token: staff tokens and forged ones are refused on every call", async () => {
    const staff = await staffSession();
    for (let i = 0; i < 2; i++) {
      expect(await current(staff.headers)).toBe(401);
      expect(await current(bearer("not-a-token"))).toBe(401);
    }
  });
});

describe("an ending made in this isolate refuses the session at once", () => {
  it("on sign-out", async () => {
    const { here, elsewhere } = await twoDevices();
    expect((await postJson("/api/users/sign_out", {}, here)).status).toBe(200);
    expect([await current(here), await current(elsewhere)]).toEqual([401, 200]);
  });

  it("on ending the other sessions, and on changing the password", async () => {
    const { member, here, elsewhere } = await twoDevices();
    expect((await postJson("/api/users/sessions/end_others", {}, here)).status).toBe(200);
    expect([await current(here), await current(elsewhere)]).toEqual([200, 401]);

    // A window later this isolate remembers the member's sessions again.
    now += LIVE_SESSION_WINDOW_MS;
    const third = bearer(await signIn(member));
    expect(await current(third)).toBe(200);
    expect(await statementsOf(() => current(third))).toBe(0);
    const changed = await sendJson("PUT", "/api/users/password", { currentPassword: member.password, password: "Brand-new-pass-1" }, here);
    expect(changed.status).toBe(200);
    expect([await current(here), await current(third)]).toEqual([200, 401]);
  });

  it("when staff deactivate the member, reset the password or end the sessions", async () => {
    const staff = await staffSession();
    const deactivated = await twoDevices();
    expect((await sendJson("PUT", `/api/admin/members/${deactivated.member.pid}/status`, { active: false }, staff.headers)).status).toBe(200);
    expect([await current(deactivated.here), await current(deactivated.elsewhere)]).toEqual([401, 401]);

    const reset = await twoDevices();
    expect((await postJson(`/api/admin/members/${reset.member.pid}/reset_password`, {}, staff.headers)).status).toBe(200);
    expect([await current(reset.here), await current(reset.elsewhere)]).toEqual([401, 401]);

    const ended = await twoDevices();
    expect((await postJson(`/api/admin/members/${ended.member.pid}/end_sessions`, {}, staff.headers)).status).toBe(200);
    expect([await current(ended.here), await current(ended.elsewhere)]).toEqual([401, 401]);
  });

  it("when staff revoke the link that opened it", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const password = bearer(await signIn(member));
    const link = await issueAutoLoginLink(env.DB, { origin: "https://agency.example", kind: "profile", memberPid: member.pid }, new Date());
    await link.statement.run();
    const signedIn = await postJson("/api/users/link_sign_in", { kind: "profile", link: new URL(link.url).searchParams.get("link") });
    const linked = bearer((await signedIn.json<{ data: { token: string } }>()).data.token);
    expect([await current(password), await current(linked)]).toEqual([200, 200]);
    expect((await postJson(`/api/admin/links/${link.hash}/revoke`, {}, staff.headers)).status).toBe(200);
    expect([await current(password), await current(linked)]).toEqual([200, 401]);
  });

  it("when the member sets a new password with a code from WhatsApp", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const wa = await testWhatsApp();
    const { member, here } = await twoDevices();
    const mobile = `+9190000${String(member.pid).padStart(5, "0")}`;
    expect((await postJson("/api/users/password_reset", { pid: member.pid, mobile })).status).toBe(200);
    await deliverOutbox(wa.env);
    const code = templateOf((await wa.messagesTo(mobile)).at(-1) ?? {}).body[0];
    const confirmed = await postJson("/api/users/password_reset/confirm", { pid: member.pid, code, password: "My-own-password-1" });
    expect(confirmed.status).toBe(200);
    expect(await current(here)).toBe(401);
  });
});

describe("the isolate's memory of live sessions", () => {
  it("does not keep a check that ran while an ending was being made here", () => {
    const member = { pid: 424_242, sessionId: "s-1" };
    // The check read D1 before the ending's statement ran, and finished after it was built.
    const checkedAt = now;
    now += 10;
    forgetMemberSessions(member.pid);
    rememberSession("token-1", member, checkedAt);
    expect(rememberedSession("token-1")).toBeNull();
    // A check that starts a whole window after the ending is kept.
    now += LIVE_SESSION_WINDOW_MS;
    rememberSession("token-1", member, now);
    expect(rememberedSession("token-1")).toEqual(member);
  });
});
