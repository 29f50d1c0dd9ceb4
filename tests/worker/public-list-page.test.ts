import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { AdminTemplate } from "#shared/admin-types.ts";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { PUBLIC_LIST_DATA_ID, type PublicListData } from "#shared/public-list.ts";
import app from "#worker/app.ts";
import { api, createMember, postJson, sendJson, staffSession } from "./setup/fixtures.ts";

// A /link page carries its list's answers for the screen's first render
// (ADR 0031): exactly the public API's, safely inside the HTML, and only for
// a list the API has.

const page = '<!doctype html><html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""></head><body><div id="root"></div></body></html>';
const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

async function linkPage(path: string, bindings: Partial<Env> = {}, userAgent = "Mozilla/5.0 (Linux; Android 14)"): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, { headers: { "User-Agent": userAgent } }, { ...env, ASSETS: assets, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response;
}

const ELEMENT = new RegExp(`<script type="application/json" id="${PUBLIC_LIST_DATA_ID}">(.*?)</script>`, "s");

/** The list the page carries, parsed as the browser would, or undefined. */
function carried(html: string): PublicListData | undefined {
  const json = ELEMENT.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PublicListData);
}

async function apiData<T>(path: string): Promise<T> {
  const response = await api(path);
  expect(response.status).toBe(200);
  return (await response.json<{ data: T }>()).data;
}

/** Publishes a list through the console, as staff do (which renews the lists' generation, ADR 0029). */
async function publishList(date: string, week: boolean, pids: number[], messages: string[]): Promise<void> {
  const staff = await staffSession();
  for (const pid of pids) await env.DB.prepare("UPDATE members SET public_profile = 'PUBLIC' WHERE pid = ?1").bind(pid).run();
  const template = await postJson("/api/admin/templates", { name: "Festival", messages }, staff.headers);
  const { data } = await template.json<{ data: AdminTemplate }>();
  const saved = await sendJson("PUT", "/api/admin/public_lists", { date, week, templateId: data.id, pids }, staff.headers);
  expect(saved.status).toBe(200);
}

describe("a /link page's list", () => {
  it("is the public API's answers for the day's list, in a data element, and the page is revalidated on every visit", async () => {
    const [first, second] = [await createMember({ gender: "F" }), await createMember({ gender: "M" })];
    await publishList("2026-10-05", false, [first.pid, second.pid], ["*Free* registration"]);
    const response = await linkPage("/link?id=2026-10-05");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const html = await response.text();
    expect(carried(html)).toEqual({
      date: "2026-10-05",
      week: false,
      profiles: await apiData<PublicCard[]>("/api/whatsapp/public_profiles/2026-10-05"),
      messages: await apiData<PublicMessage[]>("/api/public_messages?date=2026-10-05"),
    });
    expect(carried(html)?.profiles?.map((card) => card.pid)).toEqual([first.pid, second.pid]);
    // The Open Graph tags are still there.
    expect(html).toContain('<meta name="link-valid" content="true"');
  });

  it("is a week's list for wid, found by any day of its week", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-10-05", true, [member.pid], []);
    const data = carried(await (await linkPage("/link?wid=2026-10-08")).text());
    expect(data).toMatchObject({ date: "2026-10-05", week: true, messages: [] });
    expect(data?.profiles?.map((card) => card.pid)).toEqual([member.pid]);
  });

  it("cannot be ended early by what a name or a message holds, and reads back as written", async () => {
    const member = await createMember({ gender: "F" });
    const hostile = '</script><script>alert(1)</script><!-- \u2028 & "';
    await env.DB.prepare("UPDATE members SET surname = ?2 WHERE pid = ?1").bind(member.pid, hostile).run();
    await publishList("2026-10-06", false, [member.pid], [`Call us ${hostile}`]);
    const html = await (await linkPage("/link?id=2026-10-06")).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<!--");
    // One element, closed once, with every `<` escaped inside it.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const data = carried(html);
    expect(data?.profiles?.[0]?.surname).toBe(hostile);
    expect(data?.messages?.[0]?.messageContent).toBe(`Call us ${hostile}`);
  });

  it("is not sent for a link without a list, a list nobody published, or what is not a date", async () => {
    for (const path of ["/link", "/link?id=", "/link?id=2031-01-01", "/link?wid=2031-01-01", "/link?id=hello", "/link?id=2026-02-30", "/link?id=../../api/users"]) {
      const html = await (await linkPage(path)).text();
      expect(html, path).not.toContain(PUBLIC_LIST_DATA_ID);
    }
  });

  it("is sent only with /link, not with another page that has the same query", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-10-07", false, [member.pid], []);
    expect(await (await linkPage("/search?id=2026-10-07")).text()).not.toContain(PUBLIC_LIST_DATA_ID);
  });

  it("shows a staff change on the next page, as the API does", async () => {
    const [first, second] = [await createMember({ gender: "F" }), await createMember({ gender: "M" })];
    await publishList("2026-10-08", false, [first.pid], []);
    expect(carried(await (await linkPage("/link?id=2026-10-08")).text())?.profiles?.map((card) => card.pid)).toEqual([first.pid]);
    await publishList("2026-10-08", false, [second.pid, first.pid], ["New"]);
    const data = carried(await (await linkPage("/link?id=2026-10-08")).text());
    expect(data?.profiles?.map((card) => card.pid)).toEqual([second.pid, first.pid]);
    expect(data?.messages?.map((message) => message.messageContent)).toEqual(["New"]);
  });

  it("is not sent to a link preview's crawler, which shows the Open Graph tags only", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-10-10", false, [member.pid], []);
    const html = await (await linkPage("/link?id=2026-10-10", {}, "WhatsApp/2.23.20.0 A")).text();
    expect(html).not.toContain(PUBLIC_LIST_DATA_ID);
    expect(html).toContain('<meta name="link-valid" content="true"');
  });

  it("is not sent in proxy mode, where the agency backend answers the API", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-10-09", false, [member.pid], []);
    const proxy = { AGENCY_API_URL: `${inject("agencyBackendUrl")}/api`, AGENCY_API_KEY: "test-agency-api-key-0123456789abcdef" } as Partial<Env>;
    expect(await (await linkPage("/link?id=2026-10-09", proxy)).text()).not.toContain(PUBLIC_LIST_DATA_ID);
  });
});
