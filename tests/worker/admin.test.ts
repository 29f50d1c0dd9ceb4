import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FREE_ATTEMPTS } from "#worker/lib/sign-in-backoff.ts";
import { api, createMember, postJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// The agency's admin API: staff accounts apart from members, with the
// sign-in back-off per username and network (ADR 0024), and
// profile_interest on the admin path (docs/specification.md § "Interest").

describe("POST /api/admin/sign_in", () => {
  it("signs staff in and refuses a wrong password alike for unknown names", async () => {
    await staffSession();
    const wrong = await postJson("/api/admin/sign_in", { username: "staff1", password: "nope" });
    const unknown = await postJson("/api/admin/sign_in", { username: "nobody", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("checks at most five of 40 wrong passwords sent at once for a username from one network", async () => {
    const staff = await staffSession("owner");
    const guesses = Array.from({ length: 40 }, (_, i) =>
      postJson("/api/admin/sign_in", { username: staff.username, password: `guess-${i}` }, { "CF-Connecting-IP": `2001:db8:50:7:${(i + 1).toString(16)}::1` }),
    );
    const statuses = (await Promise.all(guesses)).map((response) => response.status);
    // 400 is a password that was checked; 429 one refused before any check.
    expect(statuses.filter((status) => status === 400)).toHaveLength(FREE_ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - FREE_ATTEMPTS);
    const counted = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE username = ?1 ORDER BY network").bind(staff.username).all();
    expect(counted.results).toEqual([
      { network: "*", failures: FREE_ATTEMPTS },
      { network: "2001:db8:50:7::/64", failures: FREE_ATTEMPTS },
    ]);
  });

  it("lets staff in from their own network while a stranger's network is backing off on their username", async () => {
    const staff = await staffSession("owner");
    const stranger = { "CF-Connecting-IP": "203.0.113.99" };
    for (let i = 0; i < FREE_ATTEMPTS; i++) await postJson("/api/admin/sign_in", { username: staff.username, password: `guess-${i}` }, stranger);
    expect((await postJson("/api/admin/sign_in", { username: staff.username, password: "console-pass-1" }, stranger)).status).toBe(429);
    // Usernames are one account whatever the letter case.
    expect((await postJson("/api/admin/sign_in", { username: staff.username.toUpperCase(), password: "console-pass-1" }, stranger)).status).toBe(429);
    const office = await postJson("/api/admin/sign_in", { username: staff.username, password: "console-pass-1" }, { "CF-Connecting-IP": "198.51.100.20" });
    expect(office.status).toBe(200);
    // The right password forgives the office's own network; the stranger's guesses still count towards the ceiling.
    const rows = await env.DB.prepare("SELECT network, failures FROM sign_in_failures WHERE username = ?1 ORDER BY network").bind(staff.username.toLowerCase()).all();
    expect(rows.results).toEqual([
      { network: "*", failures: FREE_ATTEMPTS },
      { network: "203.0.113.99", failures: FREE_ATTEMPTS },
    ]);
  });
});

describe("POST /api/admin/profile_interest", () => {
  it("sends interest for a member as the agency, tells the owner, and writes the audit log", async () => {
    const staff = await staffSession();
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
    // Nothing changed the second time, so nothing more is audited.
    const entries = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'profile_interest' AND target = ?1").bind(`${groom.pid}->${bride.pid}`).first();
    expect(entries).toEqual({ n: 1 });
  });

  it("does not act for a deactivated member", async () => {
    const staff = await staffSession();
    const groom = await createMember({ gender: "M", active: false });
    const bride = await createMember({ gender: "F" });
    const response = await postJson("/api/admin/profile_interest", { userId: groom.pid, interestedId: bride.pid }, staff.headers);
    expect(response.status).toBe(404);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM interests WHERE from_pid = ?1").bind(groom.pid).first()).toEqual({ n: 0 });
  });

  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    expect((await postJson("/api/admin/profile_interest", { userId: member.pid, interestedId: bride.pid }, member.headers)).status).toBe(401);
    expect((await postJson("/api/admin/profile_interest", { userId: member.pid, interestedId: bride.pid })).status).toBe(401);
  });

  it("keeps the audit log append-only", async () => {
    const staff = await staffSession();
    await env.DB.prepare("INSERT INTO audit_log (staff_id, action, target) VALUES (?1, 'x', 'y')").bind(staff.id).run();
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'z'").run()).rejects.toThrow(/append-only/);
  });

  it("ends a staff session on sign-out", async () => {
    const staff = await staffSession();
    expect((await api("/api/admin/sign_out", { method: "POST", headers: staff.headers })).status).toBe(200);
    expect((await postJson("/api/admin/profile_interest", { userId: 1, interestedId: 2 }, staff.headers)).status).toBe(401);
  });
});
