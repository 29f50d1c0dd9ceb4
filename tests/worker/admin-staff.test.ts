import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { StaffAccount, StaffPassword } from "../../shared/admin-types.ts";
import { api, postJson, sendJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// Staff accounts, managed by owners (issue 7).

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
