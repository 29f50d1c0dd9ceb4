import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminRecommendation } from "#shared/admin-types.ts";
import type { ProfileCard } from "#shared/api-types.ts";
import { api, createMember, postJson, sendJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// Recommendations in the agency console (ADR 0018): the profiles staff choose
// appear on the member's /recommended_profiles.

async function recommendedPids(headers: Record<string, string>): Promise<number[]> {
  return (await (await api("/api/recommended_profiles", { headers })).json<{ data: ProfileCard[] }>()).data.map((card) => card.pid);
}

describe("recommendations", () => {
  it("recommends a profile that the member then sees on /recommended_profiles, and removes it", async () => {
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F", profileType: "DONOR" });
    const added = await postJson(`/api/admin/members/${groom.pid}/recommendations`, { pid: bride.pid }, staff.headers);
    expect(added.status).toBe(200);
    const { data } = await added.json<{ data: AdminRecommendation[] }>();
    expect(data).toEqual([expect.objectContaining({ pid: bride.pid, name: "Lakshmi", surName: "Kommineni", profileType: "DONOR", source: "agency", dismissedAt: null })]);
    expect(await recommendedPids(groom.headers)).toContain(bride.pid);

    const removed = await sendJson("DELETE", `/api/admin/members/${groom.pid}/recommendations/${bride.pid}`, undefined, staff.headers);
    expect(await removed.json()).toEqual({ data: [] });
    expect(await recommendedPids(groom.headers)).not.toContain(bride.pid);
    const actions = await env.DB.prepare("SELECT action FROM audit_log WHERE target = ?1 ORDER BY id").bind(String(groom.pid)).all();
    expect(actions.results).toEqual([{ action: "recommend" }, { action: "unrecommend" }]);
  });

  it("recommending again after Not interested shows the profile again", async () => {
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    await postJson(`/api/admin/members/${groom.pid}/recommendations`, { pid: bride.pid }, staff.headers);
    expect((await postJson("/api/recommended_profiles/not_interested", { pid: bride.pid }, groom.headers)).status).toBe(200);
    const listed = await (await api(`/api/admin/members/${groom.pid}/recommendations`, { headers: staff.headers })).json<{ data: AdminRecommendation[] }>();
    expect(listed.data[0]?.dismissedAt).not.toBeNull();
    await postJson(`/api/admin/members/${groom.pid}/recommendations`, { pid: bride.pid }, staff.headers);
    expect(await recommendedPids(groom.headers)).toContain(bride.pid);
  });

  it("refuses the member themselves, the same gender, an unknown or deactivated profile, and an unknown removal", async () => {
    const staff = await staffSession();
    const groom = await createMember({ gender: "M" });
    const otherGroom = await createMember({ gender: "M" });
    const inactive = await createMember({ gender: "F", active: false });
    const cases: [number, string][] = [
      [groom.pid, "A member cannot be recommended to themselves."],
      [otherGroom.pid, "Recommend a profile of the other gender."],
      [999999, "There is no member with this Profile ID."],
      [inactive.pid, "This profile is deactivated."],
    ];
    for (const [pid, error] of cases) {
      const response = await postJson(`/api/admin/members/${groom.pid}/recommendations`, { pid }, staff.headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error, code: "VALIDATION_FAILED", fields: { pid: error } });
    }
    const missing = await sendJson("DELETE", `/api/admin/members/${groom.pid}/recommendations/${otherGroom.pid}`, undefined, staff.headers);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "This profile is not among the member's recommendations.", code: "NOT_FOUND" });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM recommendations WHERE member_pid = ?1").bind(groom.pid).first();
    expect(rows).toEqual({ n: 0 });
  });

  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    for (const headers of [member.headers, {}]) {
      expect((await api(`/api/admin/members/${member.pid}/recommendations`, { headers })).status).toBe(401);
      expect((await postJson(`/api/admin/members/${member.pid}/recommendations`, { pid: bride.pid }, headers)).status).toBe(401);
      expect((await sendJson("DELETE", `/api/admin/members/${member.pid}/recommendations/${bride.pid}`, undefined, headers)).status).toBe(401);
    }
  });
});

describe("migration 0024", () => {
  const migration = (prefix: string) => {
    const found = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith(prefix));
    if (!found) throw new Error(`migration ${prefix} missing`);
    return found;
  };
  const auditRows = (ids: number[]) =>
    env.DB.prepare("SELECT id, staff_id, action, target, before_json, after_json, at, reduced_at FROM audit_log WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id")
      .bind(JSON.stringify(ids))
      .all<{ action: string }>();

  it("renames the stored suggest and unsuggest, changes nothing else, and keeps the log append-only", async () => {
    const staff = await staffSession();
    // Entries as the console wrote them before the rename; one was reduced by an erasure (ADR 0034).
    const inserted = await env.DB.batch<{ id: number }>(
      [
        "INSERT INTO audit_log (staff_id, action, target, after_json) VALUES (?1, 'suggest', '4101', '{\"pid\":4102}') RETURNING id",
        "INSERT INTO audit_log (staff_id, action, target, before_json) VALUES (?1, 'unsuggest', '4101', '{\"pid\":4102}') RETURNING id",
        "INSERT INTO audit_log (staff_id, action, target, reduced_at) VALUES (?1, 'suggest', '4103', '2026-11-01T00:00:00.000Z') RETURNING id",
        "INSERT INTO audit_log (staff_id, action, target) VALUES (?1, 'issue_link', '4101') RETURNING id",
      ].map((sql) => env.DB.prepare(sql).bind(staff.id)),
    );
    const ids = inserted.map((result) => result.results[0]?.id ?? 0);
    const before = (await auditRows(ids)).results;

    await env.DB.batch(migration("0024_").queries.map((sql) => env.DB.prepare(sql)));

    const renamed: Record<string, string> = { suggest: "recommend", unsuggest: "unrecommend" };
    expect((await auditRows(ids)).results).toEqual(before.map((row) => ({ ...row, action: renamed[row.action] ?? row.action })));
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'suggest' WHERE id = ?1").bind(ids[0]).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE id = ?1").bind(ids[0]).run()).rejects.toThrow(/append-only/);
  });

  it("creates the append-only trigger again word for word as migration 0022 made it", async () => {
    const normalize = (sql: string) => sql.replace(/;\s*$/, "").replace(/\s+/g, " ").trim();
    const statement = "CREATE TRIGGER audit_log_no_update";
    const query = migration("0022_").queries.find((sql) => sql.includes(statement));
    const made = query?.slice(query.indexOf(statement));
    const stored = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'audit_log_no_update'").first<{ sql: string }>();
    expect(made).toBeDefined();
    expect(normalize(stored?.sql ?? "")).toBe(normalize(made ?? ""));
  });
});
