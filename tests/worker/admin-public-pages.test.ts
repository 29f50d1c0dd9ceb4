import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminPublicList, AdminTemplate, AuditEntry, Paged } from "#shared/admin-types.ts";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { api, createMember, postJson, sendJson, signedInMember, staffSession } from "./setup/fixtures.ts";

// Public pages and the audit log in the agency console (ADR 0018).

async function publish(pid: number, publicProfile: "PAID" | "PUBLIC" | "MEMBERS"): Promise<void> {
  await env.DB.prepare("UPDATE members SET public_profile = ?2 WHERE pid = ?1").bind(pid, publicProfile).run();
}

describe("templates", () => {
  it("creates, edits and deletes a template; its messages keep their order", async () => {
    const staff = await staffSession();
    const created = await postJson("/api/admin/templates", { name: " Diwali ", messages: ["*Free* registration", "_Call_ us\ntoday"] }, staff.headers);
    expect(created.status).toBe(200);
    const { data } = await created.json<{ data: AdminTemplate }>();
    expect(data.name).toBe("Diwali");
    expect(data.messages.map((message) => message.messageContent)).toEqual(["*Free* registration", "_Call_ us\ntoday"]);

    const updated = await sendJson("PUT", `/api/admin/templates/${data.id}`, { name: "Sankranti", messages: ["~Old~ new", "One", "Two"] }, staff.headers);
    const { data: edited } = await updated.json<{ data: AdminTemplate }>();
    expect(edited).toMatchObject({ id: data.id, name: "Sankranti" });
    expect(edited.messages.map((message) => message.messageContent)).toEqual(["~Old~ new", "One", "Two"]);

    expect(await (await sendJson("DELETE", `/api/admin/templates/${data.id}`, undefined, staff.headers)).json()).toEqual({ data: { deleted: true } });
    const listed = await (await api("/api/admin/templates", { headers: staff.headers })).json<{ data: AdminTemplate[] }>();
    expect(listed.data.map((template) => template.id)).not.toContain(data.id);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM public_messages WHERE template_id = ?1").bind(data.id).first()).toEqual({ n: 0 });
  });

  it("refuses an empty name, an empty message and an unknown template", async () => {
    const staff = await staffSession();
    const bad = await postJson("/api/admin/templates", { name: "  ", messages: ["ok", " "] }, staff.headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { name: "Name Required *", "messages.1": "A message cannot be empty" } });
    expect((await sendJson("PUT", "/api/admin/templates/999999", { name: "x", messages: [] }, staff.headers)).status).toBe(404);
    expect((await sendJson("DELETE", "/api/admin/templates/abc", undefined, staff.headers)).status).toBe(400);
  });
});

describe("public lists", () => {
  it("publishes a day's list that /link then shows, in order, with its template's messages", async () => {
    const staff = await staffSession();
    const first = await createMember({ gender: "F" });
    const second = await createMember({ gender: "M" });
    await publish(first.pid, "PUBLIC");
    await publish(second.pid, "MEMBERS");
    const { data: template } = await (await postJson("/api/admin/templates", { name: "Weekend", messages: ["*Call us*"] }, staff.headers)).json<{ data: AdminTemplate }>();
    const saved = await sendJson("PUT", "/api/admin/public_lists", { date: "2026-11-21", week: false, templateId: template.id, pids: [second.pid, first.pid] }, staff.headers);
    expect(saved.status).toBe(200);
    const { data: list } = await saved.json<{ data: AdminPublicList }>();
    expect(list).toMatchObject({ date: "2026-11-21", week: false, templateId: template.id, pids: [second.pid, first.pid], url: "http://localhost/link?id=2026-11-21" });

    const cards = await (await api("/api/whatsapp/public_profiles/2026-11-21")).json<{ data: PublicCard[] }>();
    expect(cards.data.map((card) => card.pid)).toEqual([second.pid, first.pid]);
    const messages = await (await api("/api/public_messages?date=2026-11-21")).json<{ data: PublicMessage[] }>();
    expect(messages.data.map((message) => message.messageContent)).toEqual(["*Call us*"]);

    // Saving the same day again replaces its profiles; the week of that date is another list.
    const again = await sendJson("PUT", "/api/admin/public_lists", { date: "2026-11-21", week: false, templateId: null, pids: [first.pid] }, staff.headers);
    expect((await again.json<{ data: AdminPublicList }>()).data).toMatchObject({ id: list.id, templateId: null, pids: [first.pid] });
    // A week's list is dated by its Monday (2026-11-21 is a Saturday), and any day of that week finds it.
    const week = await sendJson("PUT", "/api/admin/public_lists", { date: "2026-11-21", week: true, templateId: null, pids: [second.pid] }, staff.headers);
    expect((await week.json<{ data: AdminPublicList }>()).data.url).toBe("http://localhost/link?wid=2026-11-16");
    const weekCards = await (await api("/api/whatsapp/public_profiles/2026-11-18?week=true")).json<{ data: PublicCard[] }>();
    expect(weekCards.data.map((card) => card.pid)).toEqual([second.pid]);
    const lists = await (await api("/api/admin/public_lists", { headers: staff.headers })).json<{ data: AdminPublicList[] }>();
    expect(lists.data.filter((item) => item.date === "2026-11-21").map((item) => item.week)).toEqual([false]);
    expect(lists.data.filter((item) => item.date === "2026-11-16").map((item) => item.week)).toEqual([true]);

    expect(await (await sendJson("DELETE", `/api/admin/public_lists/${list.id}`, undefined, staff.headers)).json()).toEqual({ data: { deleted: true } });
    expect((await api("/api/whatsapp/public_profiles/2026-11-21")).status).toBe(404);
  });

  it("refuses profiles that may not appear publicly, unknown ones, repeats and an unknown template, and saves nothing", async () => {
    const staff = await staffSession();
    const hidden = await createMember();
    const shown = await createMember();
    await publish(shown.pid, "PAID");
    const cases: [unknown, string, string][] = [
      [{ pids: [shown.pid, hidden.pid] }, "pids", `Profile ${hidden.pid} is not set to appear on public pages. Choose its public profile setting on the member's page first.`],
      [{ pids: [999999] }, "pids", "No active member has the Profile ID 999999."],
      // Every problem at once, so one correction publishes the list.
      [
        { pids: [999999, hidden.pid] },
        "pids",
        `No active member has the Profile ID 999999. Profile ${hidden.pid} is not set to appear on public pages. Choose its public profile setting on the member's page first.`,
      ],
      [{ pids: [shown.pid, shown.pid] }, "pids", `Profile ${shown.pid} appears more than once in the list`],
      [{ pids: [shown.pid], templateId: 999999 }, "templateId", "There is no such template."],
      [{ pids: [shown.pid], date: "21-11-2026" }, "date", "The date must be written yyyy-mm-dd"],
      [{ pids: [shown.pid], date: "2026-02-30" }, "date", "There is no such date"],
      [{ pids: [shown.pid], date: "0000-00-00" }, "date", "There is no such date"],
    ];
    for (const [change, field, message] of cases) {
      const response = await sendJson("PUT", "/api/admin/public_lists", { date: "2030-01-01", week: false, templateId: null, ...(change as object) }, staff.headers);
      expect(response.status).toBe(400);
      expect((await response.json<{ fields: Record<string, string> }>()).fields[field]).toBe(message);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM public_lists WHERE list_date = '2030-01-01'").first()).toEqual({ n: 0 });
  });
});

describe("GET /api/admin/audit_log", () => {
  it("shows owners who did what, when, before and after, newest first; staff may not read it", async () => {
    const owner = await staffSession("owner");
    const staff = await staffSession("staff");
    const member = await createMember();
    await sendJson("PUT", `/api/admin/members/${member.pid}/visibility`, { showPhoto: 2, publicProfile: "PUBLIC" }, staff.headers);
    const response = await api("/api/admin/audit_log?pageSize=5", { headers: owner.headers });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Paged<AuditEntry> }>();
    expect(data.items[0]).toMatchObject({
      staff: { id: staff.id, username: staff.username, name: "Padma" },
      action: "visibility",
      target: String(member.pid),
      before: { showPhoto: 1, publicProfile: null },
      after: { showPhoto: 2, publicProfile: "PUBLIC" },
    });
    expect(data.pageSize).toBe(5);
    const refused = await api("/api/admin/audit_log", { headers: staff.headers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only an owner of the agency may do this.", code: "FORBIDDEN" });
  });
});

describe("who may call the public pages' and audit admin API", () => {
  it("refuses members' tokens and anonymous callers", async () => {
    const member = await signedInMember();
    const calls: [string, string, unknown][] = [
      ["GET", "/api/admin/templates", undefined],
      ["POST", "/api/admin/templates", { name: "x", messages: [] }],
      ["PUT", "/api/admin/templates/1", { name: "x", messages: [] }],
      ["DELETE", "/api/admin/templates/1", undefined],
      ["GET", "/api/admin/public_lists", undefined],
      ["PUT", "/api/admin/public_lists", { date: "2026-11-21", week: false, templateId: null, pids: [] }],
      ["DELETE", "/api/admin/public_lists/1", undefined],
      ["GET", "/api/admin/audit_log", undefined],
    ];
    for (const [method, path, body] of calls) {
      for (const headers of [member.headers, {}]) {
        const init: RequestInit = body === undefined ? { method, headers } : { method, headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
        expect((await api(path, init)).status, `${method} ${path}`).toBe(401);
      }
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM public_templates WHERE name = 'x'").first()).toEqual({ n: 0 });
  });
});
