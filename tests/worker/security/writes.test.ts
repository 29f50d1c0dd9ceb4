import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createMember } from "../setup/fixtures.ts";
import { changedTables, fingerprints } from "./writes.ts";

// The suite's "a refusal writes nothing" is only as good as the fingerprint
// (ADR 0027): it must see the smallest writes a refused call could make.

async function tablesChangedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await fingerprints();
  await write();
  return changedTables(before, await fingerprints());
}

describe("the table fingerprint", () => {
  it("sees an insert, an update of one number or one character, and a delete", async () => {
    const member = await createMember({ gender: "M", profileType: "PREMIUM", profilesCount: 5 });
    const run = (sql: string) => () => env.DB.prepare(sql).bind(member.pid).run();

    expect(await tablesChangedBy(run("INSERT INTO hidden_profiles (member_pid, hidden_pid) SELECT ?1, MIN(pid) FROM members"))).toEqual(["hidden_profiles"]);
    expect(await tablesChangedBy(run("UPDATE members SET total = total + 1 WHERE pid = ?1"))).toEqual(["members"]);
    expect(await tablesChangedBy(run("UPDATE members SET surname = 'Kommineno' WHERE pid = ?1"))).toEqual(["members"]);
    expect(await tablesChangedBy(run("DELETE FROM hidden_profiles WHERE member_pid = ?1"))).toEqual(["hidden_profiles"]);
  });

  it("sees nothing when nothing is written", async () => {
    expect(await tablesChangedBy(() => env.DB.prepare("SELECT COUNT(*) FROM members").first())).toEqual([]);
  });

  it("leaves out the tables a route may write when it refuses", async () => {
    const member = await createMember();
    const before = await fingerprints();
    await env.DB.prepare("UPDATE members SET surname = 'Gollapudi' WHERE pid = ?1").bind(member.pid).run();
    expect(changedTables(before, await fingerprints(), ["members"])).toEqual([]);
  });
});
