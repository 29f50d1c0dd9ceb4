import { env } from "cloudflare:test";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import type { UserRecord } from "#shared/api-types.ts";
import { ROWS_READ_HEADER } from "#worker/middleware/bench-db-metrics.ts";
import { BOOKMARK_HEADER, usableBookmark } from "#worker/middleware/d1-session.ts";
import { api, signedInMember, watchD1 } from "./setup/fixtures.ts";

// Every built-in /api request reads through one D1 session (ADR 0032). The
// local runtime has one database and no replicas, and ignores the bookmark a
// session starts from: these tests prove where each request asks D1 to
// start (by recording what the middleware passes to withSession), that the
// bookmarks travel, and that no request breaks on one, not that a replica
// in another region waits for a bookmark.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Calls the app, watching what it does to D1. */
async function watched(path: string, init: RequestInit = {}) {
  const d1 = watchD1();
  try {
    const response = await api(path, init);
    return { response, d1 };
  } finally {
    d1.restore();
  }
}

function bookmarkOf(response: Response): string {
  const bookmark = usableBookmark(response.headers.get(BOOKMARK_HEADER) ?? undefined);
  if (bookmark === null) throw new Error(`no usable bookmark on ${response.url}: ${response.headers.get(BOOKMARK_HEADER)}`);
  return bookmark;
}

function putEducation(headers: Record<string, string>, educationDetails: string, bookmark?: string) {
  return watched("/api/profile_education_data", {
    method: "PUT",
    headers: { ...headers, "Content-Type": "application/json", ...(bookmark ? { [BOOKMARK_HEADER]: bookmark } : {}) },
    body: JSON.stringify({ basicEducation: 5, education: 1, educationDetails }),
  });
}

describe("D1 sessions per request (ADR 0032)", () => {
  it("answers every call that read D1 with the bookmark of what it read, and reads without one anywhere", async () => {
    const me = await signedInMember();
    const { response, d1 } = await watched("/api/users/current", { headers: me.headers });
    expect(response.status).toBe(200);
    expect(d1.starts).toEqual(["first-unconstrained"]);
    expect(d1.statements()).toBeGreaterThan(0);
    expect(d1.primaryWork()).toBe(0);
    // Past the security headers and no-store, which must not drop it.
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    // The local runtime's shape: 00000000-00000019-00000000-<32 hex digits>.
    expect(bookmarkOf(response)).toMatch(/^[0-9a-f]{8}(?:-[0-9a-f]{8}){2}-[0-9a-f]{32}$/);
  });

  it("reads the member's own write with the bookmark the write answered", async () => {
    const me = await signedInMember();
    const write = await putEducation(me.headers, "M.Sc, Andhra University");
    expect(write.response.status).toBe(200);
    const afterWrite = bookmarkOf(write.response);

    const read = await watched(`/api/users/${me.pid}`, { headers: { ...me.headers, [BOOKMARK_HEADER]: afterWrite } });
    expect(read.response.status).toBe(200);
    expect(read.d1.starts).toEqual([afterWrite]);
    expect((await read.response.json<{ data: UserRecord }>()).data.educationDetails).toBe("M.Sc, Andhra University");
    // Never older than what the client sent: D1 keeps a session's newest bookmark.
    expect(bookmarkOf(read.response) >= afterWrite).toBe(true);
  });

  it("starts every write at the primary, whatever bookmark it carries, and answers with a newer one", async () => {
    const me = await signedInMember();
    const before = bookmarkOf((await watched("/api/users/current", { headers: me.headers })).response);
    const write = await putEducation(me.headers, "B.Com, Osmania", before);
    expect(write.response.status).toBe(200);
    expect(write.d1.starts).toEqual(["first-primary"]);
    expect(bookmarkOf(write.response) > before).toBe(true);
  });

  it("ignores a malformed bookmark and reads from the primary, and passes a well-formed one of another database to D1", async () => {
    const me = await signedInMember();
    for (const malformed of ["not-a-bookmark", "00000000-00000001", "first-primary", "'; DROP TABLE sessions; --", "F".repeat(300), " "]) {
      const { response, d1 } = await watched("/api/users/current", { headers: { ...me.headers, [BOOKMARK_HEADER]: malformed } });
      expect(response.status, malformed).toBe(200);
      expect(d1.starts, malformed).toEqual(["first-primary"]);
      expect((await response.json<{ data: { pid: number } }>()).data.pid).toBe(me.pid);
      // Never handed back: the answer carries D1's bookmark, or none when the summary came from memory (ADR 0029).
      expect(response.headers.get(BOOKMARK_HEADER)).not.toBe(malformed);
    }
    // Well-formed but never issued here (another database, or far ahead):
    // only D1 can tell; locally it is answered like any other.
    const foreign = `ffffffff-ffffffff-ffffffff-${"f".repeat(32)}`;
    const { response, d1 } = await watched("/api/users/current", { headers: { ...me.headers, [BOOKMARK_HEADER]: foreign } });
    expect(response.status).toBe(200);
    expect(d1.starts).toEqual([foreign]);
  });

  it("reads staff calls and the public teaser at the primary even with a bookmark", async () => {
    const me = await signedInMember();
    const bookmark = bookmarkOf((await watched("/api/users/current", { headers: me.headers })).response);
    const teaser = await watched(`/api/profile_teaser/${me.pid}`, { headers: { [BOOKMARK_HEADER]: bookmark } });
    expect(teaser.response.status).toBe(404);
    expect(teaser.d1.starts).toEqual(["first-primary"]);
    const staff = await watched("/api/admin/me", { headers: { [BOOKMARK_HEADER]: bookmark } });
    expect(staff.response.status).toBe(401);
    expect(staff.d1.starts).toEqual(["first-primary"]);
  });

  it("confirms on the primary a session a lagging replica does not know yet, instead of signing the member out", async () => {
    const me = await signedInMember();
    const open = env.DB.withSession.bind(env.DB);
    // A replica from before the sign-in: the session check finds nothing there.
    vi.spyOn(env.DB, "withSession").mockImplementation((start) => {
      const session = open(start);
      return {
        prepare: (query) => session.prepare(query.includes("FROM sessions s JOIN members m") ? "SELECT 1 AS live WHERE ?1 IS NULL AND ?2 IS NULL AND ?3 IS NULL" : query),
        batch: (statements) => session.batch(statements),
        getBookmark: () => session.getBookmark(),
      };
    });
    const primary = vi.spyOn(env.DB, "prepare");
    expect((await api("/api/users/current", { headers: me.headers })).status).toBe(200);
    expect(primary).toHaveBeenCalledTimes(1);
    // An ended session is refused by both.
    expect((await api("/api/users/sign_out", { method: "POST", headers: me.headers })).status).toBe(200);
    expect((await api("/api/users/current", { headers: me.headers })).status).toBe(401);
  });

  it("reads what the edge cache keeps for everyone at the primary, runs no query on a hit, and only echoes the bookmark it was given", async () => {
    // A list nobody has asked for: the local Cache API outlives a test run.
    const path = `/api/districts?stateId=${Date.now()}`;
    const miss = await watched(path);
    expect(miss.response.status).toBe(200);
    expect(miss.d1.primaryWork()).toBeGreaterThan(0);
    expect(miss.d1.statements() + miss.d1.batches()).toBe(miss.d1.primaryWork());

    const hit = await watched(path);
    expect(hit.response.status).toBe(200);
    expect(hit.d1.statements() + hit.d1.batches()).toBe(0);
    expect(hit.response.headers.get(BOOKMARK_HEADER)).toBeNull();

    const bookmark = `00000000-00000001-00000002-${"0".repeat(32)}`;
    const withBookmark = await watched(path, { headers: { [BOOKMARK_HEADER]: bookmark } });
    expect(withBookmark.d1.statements() + withBookmark.d1.batches()).toBe(0);
    expect(withBookmark.response.headers.get(BOOKMARK_HEADER)).toBe(bookmark);
  });

  it("lets the bench's meter count what the session reads", async () => {
    const me = await signedInMember();
    const d1 = watchD1();
    const response = await api("/api/users/current", { headers: me.headers }, { ...env, BENCH_DB_METRICS: "true" } as Env);
    d1.restore();
    expect(response.status).toBe(200);
    expect(d1.primaryWork()).toBe(0);
    expect(Number(response.headers.get(ROWS_READ_HEADER))).toBeGreaterThan(0);
    expect(bookmarkOf(response)).toBeTruthy();
  });

  it("leaves D1 alone in proxy mode and does not forward the bookmark to the agency backend", async () => {
    const untouchable = new Proxy({} as D1Database, {
      get: (_, name) => {
        throw new Error(`proxy mode used D1.${String(name)}`);
      },
    });
    const response = await api("/api/users/current", { headers: { Authorization: "Bearer t", [BOOKMARK_HEADER]: `00000000-00000001-00000002-${"0".repeat(32)}` } }, {
      ...env,
      DB: untouchable,
      AGENCY_API_URL: `${inject("agencyBackendUrl")}/api`,
      AGENCY_API_KEY: "test-agency-api-key-0123456789abcdef",
    } as Env);
    expect(response.status).toBe(200);
    expect(response.headers.get(BOOKMARK_HEADER)).toBeNull();
    const { data } = await response.json<{ data: { headers: Record<string, string> } }>();
    expect(data.headers["x-d1-bookmark"]).toBeUndefined();
  });
});
