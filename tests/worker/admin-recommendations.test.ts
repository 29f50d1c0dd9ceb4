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
    const added = await postJson(`/api/admin/members/${groom.pid}/suggestions`, { pid: bride.pid }, staff.headers);
    expect(added.status).toBe(200);
    const { data } = await added.json<{ data: AdminRecommendation[] }>();
    expect(data).toEqual([expect.objectContaining({ pid: bride.pid, name: "Lakshmi", surName: "Kommineni", profileType: "DONOR", source: "agency", dismissedAt: null })]);
    expect(await recommendedPids(groom.headers)).toContain(bride.pid);

    const removed = await sendJson("DELETE", `/api/admin/members/${groom.pid}/suggestions/${bride.pid}`, undefined, staff.headers);
    expect(await removed.json()).toEqual({ data: [] });
    expect(await recommendedPids(groom.headers)).not.toContain(bride.pid);
    const actions = await env.DB.prepare("SELECT action FROM audit_log WHERE target = ?1 ORDER BY id").bind(String(groom.pid)).all();
    expect(actions.results).toEqual([{ action: "suggest" }, { action: "unsuggest" }]);
  });

  it("recommending again after Not interested shows the profile again", async () => {
    const staff = await staffSession();
    const groom = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    await postJson(`/api/admin/members/${groom.pid}/suggestions`, { pid: bride.pid }, staff.headers);
    expect((await postJson("/api/recommended_profiles/not_interested", { pid: bride.pid }, groom.headers)).status).toBe(200);
    const listed = await (await api(`/api/admin/members/${groom.pid}/suggestions`, { headers: staff.headers })).json<{ data: AdminRecommendation[] }>();
    expect(listed.data[0]?.dismissedAt).not.toBeNull();
    await postJson(`/api/admin/members/${groom.pid}/suggestions`, { pid: bride.pid }, staff.headers);
    expect(await recommendedPids(groom.headers)).toContain(bride.pid);
  });

  it("refuses the member themselves, the same gender, an unknown or deactivated profile, and an unknown removal", async () => {
    const staff = await staffSession();
    const groom = await createMember({ gender: "M" });
    const otherGroom = await createMember({ gender: "M" });
    const inactive = await createMember({ gender: "F", active: false });
    const cases: [number, string][] = [
      [groom.pid, "A member cannot be suggested to themselves."],
      [otherGroom.pid, "Suggest a profile of the other gender."],
      [999999, "There is no member with this Profile ID."],
      [inactive.pid, "This profile is deactivated."],
    ];
    for (const [pid, error] of cases) {
      const response = await postJson(`/api/admin/members/${groom.pid}/suggestions`, { pid }, staff.headers);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error, code: "VALIDATION_FAILED", fields: { pid: error } });
    }
    const missing = await sendJson("DELETE", `/api/admin/members/${groom.pid}/suggestions/${otherGroom.pid}`, undefined, staff.headers);
    expect(missing.status).toBe(404);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM recommendations WHERE member_pid = ?1").bind(groom.pid).first();
    expect(rows).toEqual({ n: 0 });
  });

  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember({ gender: "M" });
    const bride = await createMember({ gender: "F" });
    for (const headers of [member.headers, {}]) {
      expect((await api(`/api/admin/members/${member.pid}/suggestions`, { headers })).status).toBe(401);
      expect((await postJson(`/api/admin/members/${member.pid}/suggestions`, { pid: bride.pid }, headers)).status).toBe(401);
      expect((await sendJson("DELETE", `/api/admin/members/${member.pid}/suggestions/${bride.pid}`, undefined, headers)).status).toBe(401);
    }
  });
});
