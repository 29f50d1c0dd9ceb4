import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../worker/lib/password.ts";
import { api, createMember, postJson, signedInMember } from "./setup/fixtures.ts";

// The agency's admin API: staff accounts apart from members, and
// profile_interest on the admin path (section 7).

let staffCount = 0;
async function staffToken(role: "owner" | "staff" = "staff"): Promise<{ headers: Record<string, string>; id: number }> {
  staffCount += 1;
  const username = `staff${staffCount}`;
  const row = await env.DB.prepare("INSERT INTO staff (username, name, role, password_hash) VALUES (?1, 'Padma', ?2, ?3) RETURNING id")
    .bind(username, role, await hashPassword("console-pass-1", env.PASSWORD_PEPPER))
    .first<{ id: number }>();
  const response = await postJson("/api/admin/sign_in", { username, password: "console-pass-1" });
  expect(response.status).toBe(200);
  const { data } = await response.json<{ data: { token: string } }>();
  return { headers: { Authorization: `Bearer ${data.token}` }, id: row?.id ?? 0 };
}

describe("POST /api/admin/sign_in", () => {
  it("signs staff in and refuses a wrong password alike for unknown names", async () => {
    await staffToken();
    const wrong = await postJson("/api/admin/sign_in", { username: "staff1", password: "nope" });
    const unknown = await postJson("/api/admin/sign_in", { username: "nobody", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
  });
});

describe("POST /api/admin/profile_interest", () => {
  it("sends interest for a member as the agency, tells the owner, and writes the audit log", async () => {
    const staff = await staffToken();
    const groom = await createMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    const response = await postJson("/api/admin/profile_interest", { userId: groom.pid, interestedId: bride.pid }, staff.headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { status: "sent" } });
    const message = await env.DB.prepare("SELECT kind FROM outbox WHERE member_pid = ?1").bind(bride.pid).first();
    expect(message).toEqual({ kind: "interest_received" });
    const audit = await env.DB.prepare("SELECT action, target, staff_id FROM audit_log ORDER BY id DESC").first();
    expect(audit).toEqual({ action: "profile_interest", target: `${groom.pid}->${bride.pid}`, staff_id: staff.id });
    const again = await postJson("/api/admin/profile_interest", { userId: groom.pid, interestedId: bride.pid, skip: true }, staff.headers);
    expect(await again.json()).toEqual({ data: { status: "pending" } });
  });

  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    expect((await postJson("/api/admin/profile_interest", { userId: member.pid, interestedId: bride.pid }, member.headers)).status).toBe(401);
    expect((await postJson("/api/admin/profile_interest", { userId: member.pid, interestedId: bride.pid })).status).toBe(401);
  });

  it("keeps the audit log append-only", async () => {
    const staff = await staffToken();
    await env.DB.prepare("INSERT INTO audit_log (staff_id, action, target) VALUES (?1, 'x', 'y')").bind(staff.id).run();
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'z'").run()).rejects.toThrow(/append-only/);
  });

  it("ends a staff session on sign-out", async () => {
    const staff = await staffToken();
    expect((await api("/api/admin/sign_out", { method: "POST", headers: staff.headers })).status).toBe(200);
    expect((await postJson("/api/admin/profile_interest", { userId: 1, interestedId: 2 }, staff.headers)).status).toBe(401);
  });
});
