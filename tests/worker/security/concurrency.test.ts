import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bearer, createInterest, createMember, postJson, signIn } from "../setup/fixtures.ts";

// Races against the two counters an attacker gains from (ADR 0027): a paid
// member's balance of full-profile views (docs/specification.md § "6. Roles and permissions",
// ADR 0012) and the back-off on wrong passwords (ADR 0004, ADR 0024). Requests are
// sent at once; what matters is what the database holds afterwards.

async function codeOf(response: Response): Promise<string> {
  const body = await response.json<{ code?: string }>();
  return `${response.status} ${body.code ?? ""}`;
}

function tally(answers: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

describe("sent at once", () => {
  it("50 view confirmations on a balance of 5 charge exactly 5 and refuse the rest with BALANCE_EXHAUSTED", async () => {
    const viewer = await createMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5, total: 0, lastViewDate: "2099-12-31" });
    const profiles = await Promise.all(Array.from({ length: 50 }, () => createMember({ gender: "F" })));
    for (const profile of profiles) await createInterest(viewer.pid, profile.pid, "approved");
    const headers = bearer(await signIn(viewer));

    const answers = await Promise.all(profiles.map(async (profile) => codeOf(await postJson("/api/view_profile", { pid: profile.pid }, headers))));

    expect(tally(answers)).toEqual({ "200 ": 5, "403 BALANCE_EXHAUSTED": 45 });
    const member = await env.DB.prepare("SELECT profiles_count AS profilesCount, total FROM members WHERE pid = ?1")
      .bind(viewer.pid)
      .first<{ profilesCount: number; total: number }>();
    expect(member).toEqual({ profilesCount: 5, total: 5 });
    const views = await env.DB.prepare("SELECT COUNT(*) AS views FROM profile_views WHERE viewer_pid = ?1").bind(viewer.pid).first<{ views: number }>();
    expect(views?.views).toBe(5);
  });

  it("40 wrong passwords for one Profile ID are checked at most 5 times; the rest wait with 429", async () => {
    const member = await createMember({ gender: "F" });
    const guesses = Array.from({ length: 40 }, (_, index) => postJson("/api/users/sign_in", { pid: member.pid, password: `Guess-${index}-pass` }));

    const answers = await Promise.all(guesses.map(async (guess) => codeOf(await guess)));

    const counts = tally(answers);
    expect(Object.keys(counts).sort()).toEqual(["400 SIGN_IN_FAILED", "429 TOO_MANY_REQUESTS"]);
    expect(counts["400 SIGN_IN_FAILED"]).toBeLessThanOrEqual(5);
    expect(counts["429 TOO_MANY_REQUESTS"]).toBe(40 - (counts["400 SIGN_IN_FAILED"] ?? 0));
  });
});
