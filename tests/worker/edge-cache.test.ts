import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { AdminTemplate } from "#shared/admin-types.ts";
import type { LookupItem, PublicCard, PublicMessage } from "#shared/api-types.ts";
import app from "#worker/app.ts";
import worker from "#worker/index.ts";
import { edgeCacheClock } from "#worker/middleware/edge-cache.ts";
import type { EchoedRequest } from "./setup/agency-backend-stand-in.ts";
import {
  api,
  bearer,
  contactOf,
  createMember,
  parentsOf,
  personalForm,
  postJson,
  sendJson,
  signIn,
  signedInMember,
  smallJpeg,
  staffSession,
  watchD1,
  withinOneLimitWindow,
} from "./setup/fixtures.ts";
import { parentsForm } from "./setup/parents-form.ts";

// Fixed data from memory and the data centre's cache (ADR 0029): reference
// lists and the published public lists, without D1 or JSON on a hit, with
// a strong ETag, renewed at once when staff change a list, never in proxy
// mode. The clock of the cache is moved instead of waiting.

let now = Date.now();

beforeEach(() => {
  // Far from the previous test's time: nothing it kept in memory is still fresh.
  now += 3_600_000;
  vi.spyOn(edgeCacheClock, "now").mockImplementation(() => now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** D1 statements prepared, and values turned into JSON, while `call` runs. */
async function workOf<T>(call: () => Promise<T>): Promise<{ result: T; statements: number; serialised: number }> {
  const d1 = watchD1();
  const stringify = vi.spyOn(JSON, "stringify");
  try {
    const result = await call();
    return { result, statements: d1.statements() + d1.batches(), serialised: stringify.mock.calls.length };
  } finally {
    d1.restore();
    stringify.mockRestore();
  }
}

const lastMigration = () => env.TEST_MIGRATIONS.at(-1)?.name ?? "";

describe("reference lists", () => {
  it("answer a repeated call without D1 or JSON, with the same body and a strong ETag", async () => {
    const first = await api("/api/stars");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[\w-]{24}"$/);
    const body = await first.text();

    const {
      result: again,
      statements,
      serialised,
    } = await workOf(async () => {
      const response = await api("/api/stars");
      return { status: response.status, etag: response.headers.get("ETag"), type: response.headers.get("Content-Type"), body: await response.text() };
    });
    expect(again).toEqual({ status: 200, etag, type: first.headers.get("Content-Type"), body });
    expect(statements).toBe(0);
    expect(serialised).toBe(0);
    expect((JSON.parse(body) as { data: LookupItem[] }).data).toHaveLength(27);
  });

  it("answer 304 without a body when the ETag still matches, weak or strong, and the list when it does not", async () => {
    const etag = (await api("/api/heights")).headers.get("ETag") ?? "";
    for (const sent of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const response = await api("/api/heights", { headers: { "If-None-Match": sent } });
      expect(response.status, sent).toBe(304);
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
      expect(await response.text()).toBe("");
    }
    const changed = await api("/api/heights", { headers: { "If-None-Match": '"an-older-list"' } });
    expect(changed.status).toBe(200);
    expect((await changed.json<{ data: LookupItem[] }>()).data).toHaveLength(37);
  });

  it("keep a list under the last migration's name in the data centre's cache, so that a deployment with a new migration never meets it", async () => {
    const districts = await api("/api/districts?stateId=1");
    const stored = await caches.default.match(`http://localhost/__edge-cache/reference/${encodeURIComponent(lastMigration())}/api/districts?stateId=1`);
    expect(stored?.headers.get("ETag")).toBe(districts.headers.get("ETag"));
    expect(await stored?.text()).toBe(await districts.text());
  });

  it("keep each stateId apart and leave refused calls uncached", async () => {
    const ap = (await (await api("/api/districts?stateId=1")).json<{ data: LookupItem[] }>()).data;
    const ts = (await (await api("/api/districts?stateId=2")).json<{ data: LookupItem[] }>()).data;
    expect([ap.length, ts.length]).toEqual([26, 33]);
    for (let i = 0; i < 2; i++) {
      const refused = await api("/api/districts?stateId=abc");
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { stateId: "stateId must be a whole number" } });
    }
    // A parameter the list does not know is answered, uncached.
    const other = await api("/api/districts?stateId=1&utm=x");
    expect((await other.json<{ data: LookupItem[] }>()).data).toEqual(ap);
    expect(other.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("still count every call, cached or not, against the client's rate limit", async () => {
    await api("/api/stars");
    await withinOneLimitWindow();
    const ctx = createExecutionContext();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.request("http://localhost/api/stars", { headers: { "CF-Connecting-IP": "192.0.2.80" } }, { ...env, API_LIMIT: env.TEST_TIGHT_LIMIT }, ctx);
      statuses.push(response.status);
    }
    await waitOnExecutionContext(ctx);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

async function publishedList(date: string): Promise<{ staff: Awaited<ReturnType<typeof staffSession>>; pids: number[]; templateId: number; listId: number }> {
  const staff = await staffSession();
  const members = [await createMember({ gender: "F" }), await createMember({ gender: "M" })];
  for (const member of members) await env.DB.prepare("UPDATE members SET public_profile = 'PUBLIC' WHERE pid = ?1").bind(member.pid).run();
  const template = await (await postJson("/api/admin/templates", { name: "Ugadi", messages: ["*Call us*"] }, staff.headers)).json<{ data: AdminTemplate }>();
  const pids = members.map((member) => member.pid);
  const saved = await sendJson("PUT", "/api/admin/public_lists", { date, week: false, templateId: template.data.id, pids }, staff.headers);
  expect(saved.status).toBe(200);
  const { data } = await saved.json<{ data: { id: number } }>();
  return { staff, pids, templateId: template.data.id, listId: data.id };
}

const cardOf = async (date: string, pid: number) =>
  (await (await api(`/api/whatsapp/public_profiles/${date}`)).json<{ data: PublicCard[] }>()).data.find((card) => card.pid === pid);
const cardsOf = async (date: string) => (await (await api(`/api/whatsapp/public_profiles/${date}`)).json<{ data: PublicCard[] }>()).data.map((card) => card.pid);
const messagesOf = async (date: string) => (await (await api(`/api/public_messages?date=${date}`)).json<{ data: PublicMessage[] }>()).data.map((message) => message.messageContent);

describe("the published public lists", () => {
  it("answer a repeated call without D1 or JSON, and make browsers ask again every time", async () => {
    const { pids } = await publishedList("2031-03-03");
    const first = await api("/api/whatsapp/public_profiles/2031-03-03");
    expect(first.headers.get("Cache-Control")).toBe("public, no-cache");
    const body = await first.text();
    const { result, statements, serialised } = await workOf(async () => (await api("/api/whatsapp/public_profiles/2031-03-03")).text());
    expect(result).toBe(body);
    expect([statements, serialised]).toEqual([0, 0]);
    expect((JSON.parse(body) as { data: PublicCard[] }).data.map((card) => card.pid)).toEqual(pids);
  });

  it("show staff's change to a list or its template on the very next call, and a deleted list no more", async () => {
    const { staff, pids, templateId, listId } = await publishedList("2031-03-04");
    expect(await cardsOf("2031-03-04")).toEqual(pids);
    expect(await messagesOf("2031-03-04")).toEqual(["*Call us*"]);

    const reordered = [...pids].reverse();
    expect((await sendJson("PUT", "/api/admin/public_lists", { date: "2031-03-04", week: false, templateId, pids: reordered }, staff.headers)).status).toBe(200);
    expect(await cardsOf("2031-03-04")).toEqual(reordered);

    expect((await sendJson("PUT", `/api/admin/templates/${templateId}`, { name: "Ugadi", messages: ["Offer ends *today*"] }, staff.headers)).status).toBe(200);
    expect(await messagesOf("2031-03-04")).toEqual(["Offer ends *today*"]);

    expect((await sendJson("DELETE", `/api/admin/public_lists/${listId}`, undefined, staff.headers)).status).toBe(200);
    expect((await api("/api/whatsapp/public_profiles/2031-03-04")).status).toBe(404);
    expect((await api("/api/public_messages?date=2031-03-04")).status).toBe(404);
  });

  it("come from the data centre's cache, without D1, once this isolate's memory of them has expired", async () => {
    await publishedList("2031-03-05");
    const body = await (await api("/api/whatsapp/public_profiles/2031-03-05")).text();
    now += 6_000;
    const { result, statements } = await workOf(async () => (await api("/api/whatsapp/public_profiles/2031-03-05")).text());
    expect(result).toBe(body);
    expect(statements).toBe(0);
  });

  it("follow a renewal made by another isolate of the data centre within five seconds", async () => {
    const { pids, listId } = await publishedList("2031-03-06");
    expect(await cardsOf("2031-03-06")).toEqual(pids);
    // Another isolate's staff call changed the list and wrote a new generation.
    await env.DB.prepare("DELETE FROM public_list_profiles WHERE list_id = ?1 AND pid = ?2").bind(listId, pids[0]).run();
    await caches.default.put(
      "http://localhost/__edge-cache/generation/public-lists",
      new Response(`${lastMigration()}:renewed-elsewhere`, { headers: { "Cache-Control": "public, s-maxage=86400" } }),
    );
    now += 4_000;
    expect(await cardsOf("2031-03-06")).toEqual(pids);
    now += 1_000;
    expect(await cardsOf("2031-03-06")).toEqual(pids.slice(1));
  });

  it("show staff's hiding a phone or a photo, a correction, and a deactivation on the very next call", async () => {
    const { staff, pids } = await publishedList("2031-03-09");
    const [pid = 0, other = 0] = pids;
    await env.DB.prepare("UPDATE members SET show_photo = 2 WHERE pid = ?1").bind(pid).run();
    const before = await cardOf("2031-03-09", pid);
    expect(before).toMatchObject({ phone: contactOf(pid).mobile, photoVisible: true, photoUrl: `/images/photos/full-${pid}.jpg` });

    expect((await sendJson("PUT", `/api/admin/members/${pid}/visibility`, { showPhoto: 1, publicProfile: "MEMBERS" }, staff.headers)).status).toBe(200);
    expect(await cardOf("2031-03-09", pid)).toMatchObject({ phone: null, photoVisible: false, photoUrl: `/images/photos/full-${pid}-blur.jpg` });

    const corrected = await sendJson("PUT", `/api/admin/members/${other}/parents`, { ...parentsOf(other), mobile: "98480 22346" }, staff.headers);
    expect(corrected.status).toBe(200);
    expect((await cardOf("2031-03-09", other))?.phone).toBe("+919848022346");

    expect((await sendJson("PUT", `/api/admin/members/${pid}/status`, { active: false }, staff.headers)).status).toBe(200);
    expect(await cardsOf("2031-03-09")).toEqual([other]);
  });

  it("show a member's own new photo, details and confirmed number on the very next call", async () => {
    const { pids } = await publishedList("2031-03-10");
    const [pid = 0] = pids;
    const member = { headers: bearer(await signIn({ pid, password: "Secret-pass1" })) };
    expect(await cardOf("2031-03-10", pid)).toMatchObject({ name: "Lakshmi", photoUrl: `/images/photos/full-${pid}-blur.jpg` });

    const saved = await api("/api/profile_personal_data", { method: "PUT", headers: member.headers, body: personalForm({ name: "Sirisha" }, smallJpeg(40, 50)) });
    expect(saved.status).toBe(200);
    const card = await cardOf("2031-03-10", pid);
    expect(card?.name).toBe("Sirisha");
    expect(card?.photoUrl).not.toBe(`/images/photos/full-${pid}-blur.jpg`);

    expect((await sendJson("PUT", "/api/profile_parents_data", parentsForm({ mobile: "+91 90000 00778" }), member.headers)).status).toBe(200);
    expect((await cardOf("2031-03-10", pid))?.fatherName).toBe("Venkateswarlu");
    const message = await env.DB.prepare("SELECT body FROM outbox WHERE member_pid = ?1 AND kind = 'mobile_code'").bind(pid).first<{ body: string }>();
    const code = /(\d{6}) is your code/.exec(message?.body ?? "")?.[1] ?? "";
    expect((await postJson("/api/users/confirm_mobile", { code }, member.headers)).status).toBe(200);
    expect((await cardOf("2031-03-10", pid))?.phone).toBe("+919000000778");
  });

  it("show a member the cron erased (unused for the retention period) no more on the very next call", async () => {
    const { pids } = await publishedList("2031-03-11");
    const [pid = 0, other = 0] = pids;
    expect(await cardsOf("2031-03-11")).toEqual(pids);
    // Told 49 hours ago that the profile, unused for RETENTION_YEARS, is erased an hour ago (ADR 0034).
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    await env.DB.batch([
      env.DB.prepare("UPDATE members SET erasure_notice_at = ?2, erase_after = ?3 WHERE pid = ?1").bind(pid, hoursAgo(49), hoursAgo(1)),
      env.DB.prepare("INSERT INTO outbox (member_pid, to_mobile, kind, body, status, sent_at) VALUES (?1, ?2, 'data_erasure_notice', 'Notice', 'sent', ?3)").bind(
        pid,
        contactOf(pid).mobile,
        hoursAgo(49),
      ),
    ]);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    // The lists are served on SITE_URL's origin, whose cache the cron renews them in.
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" }), { ...env, SITE_URL: "http://localhost" });
    expect(await env.DB.prepare("SELECT 1 FROM members WHERE pid = ?1").bind(pid).first()).toBeNull();
    expect(await cardsOf("2031-03-11")).toEqual([other]);
  });

  it("are never kept for a date nobody published", async () => {
    expect((await api("/api/whatsapp/public_profiles/2031-03-07")).status).toBe(404);
    // Published behind the cache's back: only an answer that was never kept shows it.
    await env.DB.prepare("INSERT INTO public_lists (list_date, is_week, template_id) VALUES ('2031-03-07', 0, NULL)").run();
    const published = await api("/api/whatsapp/public_profiles/2031-03-07");
    expect(published.status).toBe(200);
    expect(await published.json()).toEqual({ data: [] });
  });
});

describe("what is never cached", () => {
  it("leaves the member-only templates to the sign-in check on every call", async () => {
    const member = await signedInMember();
    expect((await api("/api/templates/public", { headers: member.headers })).status).toBe(200);
    expect((await api("/api/templates/public")).status).toBe(401);
  });

  it("never answers proxy mode with the built-in data: the agency backend answers", async () => {
    await publishedList("2031-03-08");
    for (const path of ["/api/stars", "/api/whatsapp/public_profiles/2031-03-08", "/api/public_messages?date=2031-03-08"]) {
      expect((await api(path)).status).toBe(200);
      const proxied = await api(path, {}, { ...env, AGENCY_API_URL: `${inject("agencyBackendUrl")}/api`, AGENCY_API_KEY: "test-agency-api-key-0123456789abcdef" } as Env);
      expect(proxied.headers.get("X-Backend"), path).toBe("stand-in");
      const { data } = await proxied.json<{ data: EchoedRequest }>();
      expect(data.path + data.query).toBe(path);
    }
  });
});
