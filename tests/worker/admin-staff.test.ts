import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffAccount, StaffPassword } from "#shared/admin-types.ts";
import { changeOwnPassword } from "#worker/db/staff.ts";
import { FREE_ATTEMPTS } from "#worker/lib/sign-in-backoff.ts";
import { api, postJson, sendJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// Staff accounts, managed by owners (ADR 0018).

afterEach(() => {
  vi.restoreAllMocks();
});

describe("staff accounts", () => {
  it("an owner adds a staff member, who signs in with the password shown once", async () => {
    const owner = await staffSession("owner");
    const response = await postJson("/api/admin/staff", { username: " ravi.k ", name: "Ravi Kumar", role: "staff" }, owner.headers);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: StaffPassword }>();
    expect(data.account).toMatchObject({ username: "ravi.k", name: "Ravi Kumar", role: "staff", active: true });
    expect(data.password).toMatch(/^[A-Za-z0-9]{8}$/);
    expect((await postJson("/api/admin/sign_in", { username: "ravi.k", password: data.password })).status).toBe(200);
    const listed = await (await api("/api/admin/staff", { headers: owner.headers })).json<{ data: StaffAccount[] }>();
    expect(listed.data.map((account) => account.username)).toContain("ravi.k");
    const audit = await env.DB.prepare("SELECT action, target FROM audit_log ORDER BY id DESC LIMIT 1").first();
    expect(audit).toEqual({ action: "add_staff", target: "ravi.k" });
    expect(JSON.stringify(await env.DB.prepare("SELECT after_json FROM audit_log ORDER BY id DESC LIMIT 1").first())).not.toContain(data.password);
  });

  it("refuses a taken username (in any case), a bad one and an unknown role", async () => {
    const owner = await staffSession("owner");
    const taken = await postJson("/api/admin/staff", { username: owner.username.toUpperCase(), name: "X", role: "staff" }, owner.headers);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: "This username is taken. Choose another." });
    // Two owners adding one name at the same moment: one account, and a clear answer for the other.
    const racing = await Promise.all([1, 2, 3].map(() => postJson("/api/admin/staff", { username: "same.time", name: "S", role: "staff" }, owner.headers)));
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const bad = await postJson("/api/admin/staff", { username: "a b", name: "", role: "boss" }, owner.headers);
    expect(await bad.json()).toMatchObject({
      fields: { username: "A username has 3 to 60 letters, digits, dots, dashes or underscores", name: "Name Required *", role: "Choose owner or staff" },
    });
  });

  it("deactivating ends the account's sessions and sign-in; a new password ends them too; an owner cannot lock themselves out", async () => {
    const owner = await staffSession("owner");
    const staff = await staffSession("staff");
    const off = await sendJson("PUT", `/api/admin/staff/${staff.id}/status`, { active: false }, owner.headers);
    expect((await off.json<{ data: StaffAccount }>()).data.active).toBe(false);
    expect((await api("/api/admin/members", { headers: staff.headers })).status).toBe(401);
    expect((await postJson("/api/admin/sign_in", { username: staff.username, password: "console-pass-1" })).status).toBe(400);
    await sendJson("PUT", `/api/admin/staff/${staff.id}/status`, { active: true }, owner.headers);

    const reset = await postJson(`/api/admin/staff/${staff.id}/reset_password`, {}, owner.headers);
    const { data } = await reset.json<{ data: StaffPassword }>();
    expect((await postJson("/api/admin/sign_in", { username: staff.username, password: "console-pass-1" })).status).toBe(400);
    expect((await postJson("/api/admin/sign_in", { username: staff.username, password: data.password })).status).toBe(200);

    const self = await sendJson("PUT", `/api/admin/staff/${owner.id}/status`, { active: false }, owner.headers);
    expect(self.status).toBe(409);
    expect(await self.json()).toEqual({ error: "You cannot deactivate your own account.", code: "CONFLICT" });
    expect((await postJson(`/api/admin/staff/${owner.id}/reset_password`, {}, owner.headers)).status).toBe(409);
    expect((await postJson("/api/admin/staff/999999/reset_password", {}, owner.headers)).status).toBe(404);
  });

  it("starts no session with a password the owner replaced, or an account deactivated, while it was being checked", async () => {
    const owner = await staffSession("owner");
    for (const [change, request] of [
      ["reset_password", (id: number) => postJson(`/api/admin/staff/${id}/reset_password`, {}, owner.headers)],
      ["status", (id: number) => sendJson("PUT", `/api/admin/staff/${id}/status`, { active: false }, owner.headers)],
    ] as const) {
      const staff = await staffSession("staff");
      const derive = crypto.subtle.deriveBits.bind(crypto.subtle);
      // The owner's change lands while the old password is hashed, after the account was read.
      vi.spyOn(crypto.subtle, "deriveBits").mockImplementationOnce(async (...args) => {
        expect((await request(staff.id)).status, change).toBe(200);
        return derive(...args);
      });
      const signIn = await postJson("/api/admin/sign_in", { username: staff.username, password: "console-pass-1" });
      expect(signIn.status, change).toBe(400);
      expect(await signIn.json()).toEqual({ error: "Incorrect username or password", code: "SIGN_IN_FAILED", err: "Incorrect username or password" });
      const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_sessions WHERE staff_id = ?1 AND ended_at IS NULL").bind(staff.id).first();
      expect(live, change).toEqual({ n: 0 });
    }
  });

  it("is for owners only: staff get 403, members and anonymous callers 401", async () => {
    const staff = await staffSession("staff");
    const member = await signedInMember();
    expect((await api("/api/admin/staff", { headers: staff.headers })).status).toBe(403);
    expect((await postJson("/api/admin/staff", { username: "sneaky", name: "S", role: "owner" }, staff.headers)).status).toBe(403);
    expect((await sendJson("PUT", `/api/admin/staff/${staff.id}/status`, { active: true }, staff.headers)).status).toBe(403);
    for (const headers of [member.headers, {}]) {
      expect((await api("/api/admin/staff", { headers })).status).toBe(401);
      expect((await postJson("/api/admin/staff", { username: "sneaky", name: "S", role: "owner" }, headers)).status).toBe(401);
      expect((await postJson(`/api/admin/staff/${staff.id}/reset_password`, {}, headers)).status).toBe(401);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM staff WHERE username = 'sneaky'").first()).toEqual({ n: 0 });
  });
});

describe("PUT /api/admin/me/password", () => {
  const change = (body: unknown, headers: Record<string, string>) => sendJson("PUT", "/api/admin/me/password", body, headers);
  const signIn = (username: string, password: string) => postJson("/api/admin/sign_in", { username, password });

  it("changes one's own password after proving the current one; other sessions end, this one stays", async () => {
    const staff = await staffSession("staff");
    const others = await Promise.all([1, 2].map(async () => (await (await signIn(staff.username, "console-pass-1")).json<{ data: { token: string } }>()).data.token));
    const response = await change({ currentPassword: "console-pass-1", newPassword: "my own words 2" }, staff.headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { changed: true } });

    expect((await signIn(staff.username, "console-pass-1")).status).toBe(400);
    expect((await signIn(staff.username, "my own words 2")).status).toBe(200);
    expect((await api("/api/admin/me", { headers: staff.headers })).status).toBe(200);
    for (const token of others) expect((await api("/api/admin/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const audit = await env.DB.prepare("SELECT staff_id, action, target, before_json, after_json FROM audit_log ORDER BY id DESC LIMIT 1").first();
    expect(audit).toEqual({ staff_id: staff.id, action: "change_own_password", target: staff.username, before_json: null, after_json: null });
  });

  it("refuses a wrong current password under the field, and backs off as sign-in does", async () => {
    const staff = await staffSession("owner");
    for (let attempt = 1; attempt <= FREE_ATTEMPTS; attempt += 1) {
      const wrong = await change({ currentPassword: `guess-${attempt}`, newPassword: "my own words 2" }, staff.headers);
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { currentPassword: "This is not your current password." } });
    }
    const again = await change({ currentPassword: "console-pass-1", newPassword: "my own words 2" }, staff.headers);
    expect(again.status).toBe(429);
    expect(again.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Nothing changed: the old password still signs in once the back-off has passed.
    await env.DB.prepare("DELETE FROM sign_in_failures WHERE username = ?1").bind(staff.username).run();
    expect((await signIn(staff.username, "console-pass-1")).status).toBe(200);
  });

  it("checks the new password with the shared schema's messages", async () => {
    const staff = await staffSession("staff");
    const cases: [unknown, Record<string, string>][] = [
      [{}, { currentPassword: "Current password Required *", newPassword: "New password Required *" }],
      [{ currentPassword: "console-pass-1", newPassword: "" }, { newPassword: "New password Required *" }],
      [{ currentPassword: "console-pass-1", newPassword: "short" }, { newPassword: "A password has at least 8 characters" }],
      [{ currentPassword: "console-pass-1", newPassword: "console-pass-1" }, { newPassword: "The new password is the same as the current one" }],
    ];
    for (const [body, fields] of cases) {
      const response = await change(body, staff.headers);
      expect(response.status).toBe(400);
      expect((await response.json<{ fields: Record<string, string> }>()).fields).toEqual(fields);
    }
    expect((await signIn(staff.username, "console-pass-1")).status).toBe(200);
  });

  it("changes nothing when an owner reset the password after it was checked", async () => {
    const staff = await staffSession("staff");
    const other = await (await signIn(staff.username, "console-pass-1")).json<{ data: { token: string } }>();
    const before = await env.DB.prepare("SELECT password_hash FROM staff WHERE id = ?1").bind(staff.id).first<{ password_hash: string }>();
    const auditCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log").first<{ n: number }>())?.n;
    const entries = await auditCount();
    const changed = await changeOwnPassword(env.DB, {
      id: staff.id,
      username: staff.username,
      checkedHash: "the hash before an owner's reset",
      newHash: "a new hash",
      keptSessionId: "this-session",
      now: new Date(),
    });
    expect(changed).toBe(false);
    expect(await env.DB.prepare("SELECT password_hash FROM staff WHERE id = ?1").bind(staff.id).first()).toEqual(before);
    expect(await auditCount()).toBe(entries);
    expect((await api("/api/admin/me", { headers: { Authorization: `Bearer ${other.data.token}` } })).status).toBe(200);
  });

  it("refuses members and anonymous callers", async () => {
    const member = await signedInMember();
    for (const headers of [member.headers, {}]) {
      expect((await change({ currentPassword: "console-pass-1", newPassword: "my own words 2" }, headers)).status).toBe(401);
    }
  });
});
