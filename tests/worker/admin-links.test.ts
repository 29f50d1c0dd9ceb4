import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminLink, IssuedLink } from "#shared/admin-types.ts";
import { api, bearer, createMember, postJson, sendJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// Auto-login links in the agency console (ADR 0018): issue, list, revoke.

async function issue(staffHeaders: Record<string, string>, pid: number, body: unknown): Promise<Response> {
  return postJson(`/api/admin/members/${pid}/links`, body, staffHeaders);
}

describe("POST /api/admin/members/{pid}/links", () => {
  it("refuses a link that would open a profile of the member's own gender or a deactivated one, under Opens Profile ID, and issues nothing", async () => {
    const staff = await staffSession();
    const groom = await createMember({ gender: "M" });
    const otherGroom = await createMember({ gender: "M" });
    const hiddenBride = await createMember({ gender: "F", active: false });
    const same = await issue(staff.headers, groom.pid, { kind: "interest", targetPid: otherGroom.pid });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ fields: { targetPid: "A link can open only a profile of the other gender." } });
    const hidden = await issue(staff.headers, groom.pid, { kind: "interest", targetPid: hiddenBride.pid });
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ fields: { targetPid: "This profile is deactivated." } });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM link_tokens WHERE member_pid = ?1").bind(groom.pid).first("n")).toBe(0);
  });

  it("issues a link that signs the member in, queues it on WhatsApp as the sign-in-link template, and lists it without its token", async () => {
    const staff = await staffSession();
    const member = await createMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    const response = await issue(staff.headers, member.pid, { kind: "interest", targetPid: bride.pid });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: IssuedLink }>();
    expect(data.url).toMatch(/^http:\/\/localhost\/interest_link\?link=[\w-]+$/);
    expect(data.link).toMatchObject({ kind: "interest", targetPid: bride.pid, live: true, revokedAt: null });
    expect(data.newProfilesUrl).toBeNull();
    expect(data.link.id).toMatch(/^[0-9a-f]{64}$/);
    // The message that carries it: the template's words with the link, its path the button's parameter.
    expect(data.message).toMatchObject({ memberPid: member.pid, kind: "link", status: "pending", byHand: true });
    expect(data.message.body).toContain(`Here is your link to open your profile (Profile ID ${member.pid})`);
    expect(data.message.body).toContain(`Open my profile: ${data.url}`);
    expect(data.message.waMe?.startsWith(`https://wa.me/9190000${String(member.pid).padStart(5, "0")}?text=`)).toBe(true);
    const stored = await env.DB.prepare("SELECT params FROM outbox WHERE id = ?1").bind(data.message.id).first<{ params: string }>();
    expect(JSON.parse(stored?.params ?? "null")).toEqual({ body: ["Sri Lakshmi Marriage Bureau", String(member.pid)], button: data.url.replace("http://localhost/", "") });

    const link = new URL(data.url).searchParams.get("link");
    expect(data.link.usedAt).toBeNull();
    const signIn = await postJson("/api/users/link_sign_in", { kind: "interest", link });
    expect(signIn.status).toBe(200);
    // The member sees the session as opened by the agency's link (ADR 0024).
    const session = await env.DB.prepare("SELECT method, link_token_hash FROM sessions WHERE member_pid = ?1").bind(member.pid).first();
    expect(session).toEqual({ method: "agency_link", link_token_hash: data.link.id });

    const listed = await (await api(`/api/admin/members/${member.pid}/links`, { headers: staff.headers })).json<{ data: AdminLink[] }>();
    // Used now: still live for the few minutes a second tap may take.
    expect(listed.data).toEqual([{ ...data.link, usedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(JSON.stringify(listed.data)).not.toContain(link ?? "-");
    const audit = await env.DB.prepare("SELECT action, target, after_json FROM audit_log WHERE action = 'issue_link' ORDER BY id DESC LIMIT 1").first();
    expect(audit).toEqual({ action: "issue_link", target: String(member.pid), after_json: JSON.stringify({ kind: "interest", targetPid: bride.pid }) });
  });

  it("offers a profile link through /new_profiles_link too, with the same query", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const { data } = await (await issue(staff.headers, member.pid, { kind: "profile" })).json<{ data: IssuedLink }>();
    expect(data.url).toMatch(/^http:\/\/localhost\/profile_link\?link=[\w-]+$/);
    expect(data.newProfilesUrl).toBe(data.url.replace("/profile_link?", "/new_profiles_link?"));
  });

  it("refuses a deactivated member, an unknown target, the member's own profile and an unknown kind", async () => {
    const staff = await staffSession();
    const inactive = await createMember({ active: false });
    const member = await createMember();
    const deactivated = await issue(staff.headers, inactive.pid, { kind: "profile" });
    expect(deactivated.status).toBe(409);
    expect(await deactivated.json()).toEqual({ error: "This member is deactivated. Reactivate the member before sending a link.", code: "CONFLICT" });
    expect((await issue(staff.headers, member.pid, { kind: "profile", targetPid: 999999 })).status).toBe(404);
    const own = await issue(staff.headers, member.pid, { kind: "profile", targetPid: member.pid });
    expect(await own.json()).toMatchObject({ error: "A link cannot open the member's own profile." });
    const kind = await issue(staff.headers, member.pid, { kind: "email" });
    expect(await kind.json()).toMatchObject({ fields: { kind: "Choose the kind of link" } });
    expect((await issue(staff.headers, 999999, { kind: "profile" })).status).toBe(404);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM link_tokens WHERE member_pid IN (?1, ?2)").bind(inactive.pid, member.pid).first();
    expect(count).toEqual({ n: 0 });
  });
});

describe("POST /api/admin/links/{id}/revoke", () => {
  it("revokes a link: it stops signing in at once, and revoking again keeps the first date", async () => {
    const staff = await staffSession();
    const member = await createMember();
    const { data } = await (await issue(staff.headers, member.pid, { kind: "whatsapp" })).json<{ data: IssuedLink }>();
    const revoked = await postJson(`/api/admin/links/${data.link.id}/revoke`, {}, staff.headers);
    const { data: link } = await revoked.json<{ data: AdminLink }>();
    expect(link).toMatchObject({ id: data.link.id, live: false });
    expect(link.revokedAt).not.toBeNull();
    const signIn = await postJson("/api/users/link_sign_in", { kind: "whatsapp", link: new URL(data.url).searchParams.get("link") });
    expect(signIn.status).toBe(400);
    const again = await (await postJson(`/api/admin/links/${data.link.id}/revoke`, {}, staff.headers)).json<{ data: AdminLink }>();
    expect(again.data.revokedAt).toBe(link.revokedAt);
    // Only the revocation that happened is in the audit log.
    const entries = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'revoke_link' AND target = ?1").bind(String(member.pid)).first();
    expect(entries).toEqual({ n: 1 });
  });

  it("signs out whoever the link signed in, and no one else", async () => {
    const staff = await staffSession();
    const member = await signedInMember();
    const { data } = await (await issue(staff.headers, member.pid, { kind: "profile" })).json<{ data: IssuedLink }>();
    const link = new URL(data.url).searchParams.get("link");
    const opened = await (await postJson("/api/users/link_sign_in", { kind: "profile", link })).json<{ data: { token: string } }>();
    const linkSession = bearer(opened.data.token);
    expect((await api("/api/users/current", { headers: linkSession })).status).toBe(200);

    // Spent and past its re-use grace, the link can still be revoked, and that still ends its session.
    await env.DB.prepare("UPDATE link_tokens SET used_at = '2000-01-01T00:00:00.000Z' WHERE token_hash = ?1").bind(data.link.id).run();
    expect((await postJson(`/api/admin/links/${data.link.id}/revoke`, {}, staff.headers)).status).toBe(200);
    expect((await api("/api/users/current", { headers: linkSession })).status).toBe(401);
    // The member's own password session stays.
    expect((await api("/api/users/current", { headers: member.headers })).status).toBe(200);
  });

  it("answers 400 for what is not a link id and 404 for an unknown one", async () => {
    const staff = await staffSession();
    expect((await postJson("/api/admin/links/abc/revoke", {}, staff.headers)).status).toBe(400);
    expect((await postJson(`/api/admin/links/${"0".repeat(64)}/revoke`, {}, staff.headers)).status).toBe(404);
  });

  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember();
    for (const headers of [member.headers, {}]) {
      expect((await api(`/api/admin/members/${member.pid}/links`, { headers })).status).toBe(401);
      expect((await issue(headers, member.pid, { kind: "profile" })).status).toBe(401);
      expect((await sendJson("POST", `/api/admin/links/${"0".repeat(64)}/revoke`, {}, headers)).status).toBe(401);
    }
  });
});
