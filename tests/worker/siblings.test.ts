import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, bearer, createMember, postJson, signIn } from "./setup/fixtures.ts";

// The sibling calls and the "I have no siblings" flag (docs/specification.md
// § "Siblings", § "Sibling form", § "Sibling", § "User record (read)").

const brother = { siblingType: "EB", name: "Srinivas", maritalStatus: "M", working: "Y", details: "Bank manager, Guntur" };

async function memberWithToken() {
  const member = await createMember();
  return { ...member, headers: bearer(await signIn(member)) };
}

function send(method: "POST" | "PUT" | "DELETE", path: string, headers: Record<string, string>, body?: unknown) {
  return api(path, { method, headers: { ...headers, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe("siblings", () => {
  it("adds, lists, edits and deletes the member's own siblings", async () => {
    const me = await memberWithToken();
    const added = await send("POST", "/api/sibling", me.headers, brother);
    expect(added.status).toBe(200);
    const { data: sibling } = await added.json<{ data: { id: number } }>();
    expect(sibling).toEqual({ id: sibling.id, type: "EB", name: "Srinivas", married: "M", working: "Y", workDetails: "Bank manager, Guntur" });

    const edited = await send("PUT", `/api/sibling/${sibling.id}`, me.headers, { ...brother, name: "Srinivasa Rao", maritalStatus: "U" });
    expect((await edited.json<{ data: { name: string; married: string } }>()).data).toMatchObject({ name: "Srinivasa Rao", married: "U" });

    const listed = await api(`/api/sibling/${me.pid}`, { headers: me.headers });
    expect((await listed.json<{ data: unknown[] }>()).data).toHaveLength(1);

    const deleted = await send("DELETE", `/api/sibling?siblingId=${sibling.id}`, me.headers);
    expect(await deleted.json()).toEqual({ data: { deleted: true } });
    expect((await (await api(`/api/sibling/${me.pid}`, { headers: me.headers })).json<{ data: unknown[] }>()).data).toEqual([]);
  });

  it("declares that a member who adds a sibling has siblings, and the full profile shows them", async () => {
    // A new member has declared nothing (0); adding a sibling makes it 1.
    const me = await memberWithToken();
    expect(await env.DB.prepare("SELECT has_siblings FROM members WHERE pid = ?1").bind(me.pid).first()).toEqual({ has_siblings: 0 });
    await send("POST", "/api/sibling", me.headers, brother);
    expect(await env.DB.prepare("SELECT has_siblings FROM members WHERE pid = ?1").bind(me.pid).first()).toEqual({ has_siblings: 1 });
    const own = await api(`/api/users/${me.pid}?normalized=true`, { headers: me.headers });
    expect((await own.json<{ data: { hasSiblings: number; siblings: { name: string }[] } }>()).data).toMatchObject({ hasSiblings: 1, siblings: [{ name: "Srinivas" }] });
  });

  it("shows siblings a member added while nothing was declared, and hides them only when the member says they have none", async () => {
    const me = await memberWithToken();
    // As an earlier version left them: a sibling row with hasSiblings still 0.
    await env.DB.prepare("INSERT INTO siblings (member_pid, sibling_type, name, married, working, work_details) VALUES (?1, 'YS', 'Lakshmi', 'U', 'N', 'Studying')")
      .bind(me.pid)
      .run();
    const shown = await (await api(`/api/users/${me.pid}?normalized=true`, { headers: me.headers })).json<{ data: { siblings: unknown[] } }>();
    expect(shown.data.siblings).toHaveLength(1);
    await send("PUT", "/api/has_sibling", me.headers, { hasSiblings: 2 });
    const hidden = await (await api(`/api/users/${me.pid}?normalized=true`, { headers: me.headers })).json<{ data: { siblings: unknown[] } }>();
    expect(hidden.data.siblings).toEqual([]);
  });

  it("migration 0014 declares the siblings added before, and leaves a member who said none", async () => {
    const before = await createMember();
    const none = await createMember();
    for (const pid of [before.pid, none.pid]) {
      await env.DB.prepare("INSERT INTO siblings (member_pid, sibling_type, name, married, working, work_details) VALUES (?1, 'EB', 'Ravi', 'M', 'Y', 'Farmer')").bind(pid).run();
    }
    await env.DB.prepare("UPDATE members SET has_siblings = 2 WHERE pid = ?1").bind(none.pid).run();
    const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith("0014_"));
    if (!migration) throw new Error("migration 0014 missing");
    for (const query of migration.queries) await env.DB.prepare(query).run();
    const rows = await env.DB.prepare("SELECT pid, has_siblings FROM members WHERE pid IN (?1, ?2) ORDER BY pid").bind(before.pid, none.pid).all();
    expect(rows.results).toEqual([
      { pid: before.pid, has_siblings: 1 },
      { pid: none.pid, has_siblings: 2 },
    ]);
  });

  it("answers the sibling form's messages", async () => {
    const me = await memberWithToken();
    const response = await send("POST", "/api/sibling", me.headers, { siblingType: "", name: " " });
    expect(response.status).toBe(400);
    expect((await response.json<{ fields: unknown }>()).fields).toEqual({
      siblingType: "Relation Required *",
      name: "Name Required *",
      maritalStatus: "Marital Status Required *",
      working: "Required *",
      details: "Required *",
    });
  });

  it("never lets a member read or change another member's siblings", async () => {
    const owner = await memberWithToken();
    const other = await memberWithToken();
    const { data: sibling } = await (await send("POST", "/api/sibling", owner.headers, brother)).json<{ data: { id: number } }>();

    expect((await api(`/api/sibling/${owner.pid}`, { headers: other.headers })).status).toBe(403);
    const edit = await send("PUT", `/api/sibling/${sibling.id}`, other.headers, { ...brother, name: "Changed" });
    expect(edit.status).toBe(404);
    expect(await edit.json()).toEqual({ error: "Sibling not found", code: "NOT_FOUND" });
    expect((await send("DELETE", `/api/sibling?siblingId=${sibling.id}`, other.headers)).status).toBe(404);

    const row = await env.DB.prepare("SELECT name, member_pid FROM siblings WHERE id = ?1").bind(sibling.id).first();
    expect(row).toEqual({ name: "Srinivas", member_pid: owner.pid });
  });

  it("answers 404 for a sibling that does not exist and 400 for an id that is not a number", async () => {
    const me = await memberWithToken();
    expect((await send("PUT", "/api/sibling/999999", me.headers, brother)).status).toBe(404);
    expect((await send("DELETE", "/api/sibling?siblingId=abc", me.headers)).status).toBe(400);
    expect((await send("DELETE", "/api/sibling", me.headers)).status).toBe(400);
  });

  it("switches hasSiblings between 2 (none) and 1 and keeps the rows", async () => {
    const me = await memberWithToken();
    await send("POST", "/api/sibling", me.headers, brother);
    const none = await send("PUT", "/api/has_sibling", me.headers, { hasSiblings: 2 });
    expect(await none.json()).toEqual({ data: { hasSiblings: 2 } });
    const stored = await env.DB.prepare("SELECT has_siblings FROM members WHERE pid = ?1").bind(me.pid).first<{ has_siblings: number }>();
    expect(stored?.has_siblings).toBe(2);
    expect((await (await api(`/api/sibling/${me.pid}`, { headers: me.headers })).json<{ data: unknown[] }>()).data).toHaveLength(1);
    expect((await send("PUT", "/api/has_sibling", me.headers, { hasSiblings: 3 })).status).toBe(400);
  });

  it("requires a signed-in member for every call", async () => {
    expect((await api("/api/sibling/10001")).status).toBe(401);
    expect((await postJson("/api/sibling", brother)).status).toBe(401);
    expect((await api("/api/sibling/1", { method: "PUT" })).status).toBe(401);
    expect((await api("/api/sibling?siblingId=1", { method: "DELETE" })).status).toBe(401);
    expect((await api("/api/has_sibling", { method: "PUT" })).status).toBe(401);
  });
});
