import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createMember } from "./setup/fixtures.ts";

// The consents row names the notice the member agreed to, and only that
// (ADR 0033): migration 0026 lets it name none, and takes each member's
// agreement from the history, the one record of an agreement.

const AGREED_AT = "2026-11-24T09:00:00.000Z";
const AGAIN_AT = "2026-12-01T09:00:00.000Z";
const CHANGED_AT = "2026-11-25T10:00:00.000Z";

describe("the consents table", () => {
  it("holds a member who agreed to no notice, and a notice only with the time it was agreed to", async () => {
    const { pid } = await createMember({ consents: "none" });
    await env.DB.prepare("INSERT INTO consents (member_pid, public_list, public_list_at) VALUES (?1, 1, ?2)").bind(pid, CHANGED_AT).run();
    await expect(env.DB.prepare("UPDATE consents SET notice_version = '2026-11-24' WHERE member_pid = ?1").bind(pid).run()).rejects.toThrow(/CHECK constraint failed/);
  });
});

describe("migration 0026", () => {
  // Last in the file: it puts back the table as migration 0021 left it, then runs again.
  it("keeps every consent and names the notice only where the history shows the member agreed to it", async () => {
    const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith("0026"));
    expect(migration?.queries.length).toBeGreaterThan(0);
    const [registered, neverAgreed, agreedTwice] = await Promise.all([1, 2, 3].map(() => createMember({ consents: "none" })));
    const history = (pid: number | undefined, purpose: string, version: string, at: string) =>
      env.DB.prepare("INSERT INTO consent_changes (member_pid, purpose, granted, notice_version, source, at) VALUES (?1, ?2, 1, ?3, 'member', ?4)").bind(pid, purpose, version, at);
    await env.DB.batch([
      env.DB.prepare("DROP TABLE consents"),
      env.DB.prepare(`CREATE TABLE consents (
        member_pid INTEGER PRIMARY KEY REFERENCES members (pid) ON DELETE CASCADE,
        notice_version TEXT NOT NULL,
        notice_at TEXT NOT NULL,
        public_list INTEGER NOT NULL DEFAULT 0 CHECK (public_list IN (0, 1)),
        public_list_at TEXT,
        promotions INTEGER NOT NULL DEFAULT 0 CHECK (promotions IN (0, 1)),
        promotions_at TEXT
      )`),
      env.DB.prepare("INSERT INTO consents VALUES (?1, '2026-11-24', ?4, 1, ?4, 0, ?4), (?2, '2026-11-24', ?5, 1, ?5, 0, NULL), (?3, '2026-12-01', ?5, 0, ?4, 1, ?5)").bind(
        registered?.pid,
        neverAgreed?.pid,
        agreedTwice?.pid,
        AGREED_AT,
        CHANGED_AT,
      ),
      history(registered?.pid, "notice", "2026-11-24", AGREED_AT),
      // A consent given by a member who never agreed: the old row named the notice in force all the same.
      history(neverAgreed?.pid, "public_list", "2026-11-24", CHANGED_AT),
      history(agreedTwice?.pid, "notice", "2026-11-24", AGREED_AT),
      history(agreedTwice?.pid, "notice", "2026-12-01", AGAIN_AT),
      history(agreedTwice?.pid, "promotions", "2026-12-01", CHANGED_AT),
    ]);

    await env.DB.batch((migration?.queries ?? []).map((sql) => env.DB.prepare(sql)));

    const rows = await env.DB.prepare("SELECT * FROM consents WHERE member_pid IN (?1, ?2, ?3) ORDER BY member_pid")
      .bind(registered?.pid, neverAgreed?.pid, agreedTwice?.pid)
      .all();
    expect(rows.results).toEqual([
      { member_pid: registered?.pid, notice_version: "2026-11-24", notice_at: AGREED_AT, public_list: 1, public_list_at: AGREED_AT, promotions: 0, promotions_at: AGREED_AT },
      { member_pid: neverAgreed?.pid, notice_version: null, notice_at: null, public_list: 1, public_list_at: CHANGED_AT, promotions: 0, promotions_at: null },
      { member_pid: agreedTwice?.pid, notice_version: "2026-12-01", notice_at: AGAIN_AT, public_list: 0, public_list_at: AGREED_AT, promotions: 1, promotions_at: CHANGED_AT },
    ]);
    // Still deleted with the member's profile (ADR 0034).
    const table = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'consents'").first<{ sql: string }>();
    expect(table?.sql).toMatch(/member_pid INTEGER PRIMARY KEY REFERENCES members \(pid\) ON DELETE CASCADE/);
  });
});
