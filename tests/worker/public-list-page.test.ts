import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { AdminTemplate } from "#shared/admin-types.ts";
import type { LookupItem, PublicCard, PublicMessage } from "#shared/api-types.ts";
import { AGENCY_NAME_PLACEHOLDER } from "#shared/page-placeholders.ts";
import { PUBLIC_CARD_LISTS, PUBLIC_LIST_DATA_ID, type PublicListData } from "#shared/public-list.ts";
import app from "#worker/app.ts";
import { api, createMember, postJson, sendJson, staffSession } from "./setup/fixtures.ts";

// A /link page carries its list (ADR 0031): its cards rendered into #root
// by the screen's components, and the answers they came from for the
// screen's first render: exactly the public API's, safely inside the HTML,
// and only for a list the API has.

const page = `<!doctype html><html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""><title>${AGENCY_NAME_PLACEHOLDER}</title><script type="module" src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/app.js"></head><body><div id="root"></div></body></html>`;
const PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/app.js">';
const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

async function linkPage(path: string, bindings: Partial<Env> = {}, userAgent = "Mozilla/5.0 (Linux; Android 14)", headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, { headers: { "User-Agent": userAgent, ...headers } }, { ...env, ASSETS: assets, ...bindings }, ctx);
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

/** What the page's #root holds before any script runs. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.indexOf(`<script type="application/json"`);
  return html.slice(start, end === -1 ? html.indexOf("</body>") : end);
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
      seed: expect.any(Number),
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
    expect(ELEMENT.exec(html)?.[1]).not.toContain("<");
    // The entry's element and the data's, each closed once, with every `<` escaped inside the data.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const data = carried(html);
    expect(data?.profiles?.[0]?.surname).toBe(hostile);
    expect(data?.messages?.[0]?.messageContent).toBe(`Call us ${hostile}`);
  });

  it("is not sent for a link without a list, a list nobody published, or what is not a date", async () => {
    for (const path of ["/link", "/link?id=", "/link?id=2031-01-01", "/link?wid=2031-01-01", "/link?id=hello", "/link?id=2026-02-30", "/link?id=../../api/users"]) {
      const html = await (await linkPage(path)).text();
      expect(html, path).not.toContain(PUBLIC_LIST_DATA_ID);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html.indexOf(PRELOAD), path).toBeLessThan(html.indexOf("</head>"));
      expect(html, path).not.toContain("after-paint");
      // Titled by the application when it runs; until then with the agency's name.
      expect(html, path).toContain(`<title>${env.AGENCY_NAME}</title>`);
    }
  });

  it("is sent only with /link, not with another page that has the same query", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-10-07", false, [member.pid], []);
    expect(await (await linkPage("/search?id=2026-10-07")).text()).not.toContain(PUBLIC_LIST_DATA_ID);
    // /link/ is /link (shared/links.ts, pagePath).
    expect(carried(await (await linkPage("/link/?id=2026-10-07")).text())?.profiles?.map((card) => card.pid)).toEqual([member.pid]);
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
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<meta name="link-valid" content="true"');
  });

  it("is not sent in proxy mode, where the agency backend answers the API", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-10-09", false, [member.pid], []);
    const proxy = { AGENCY_API_URL: `${inject("agencyBackendUrl")}/api`, AGENCY_API_KEY: "test-agency-api-key-0123456789abcdef" } as Partial<Env>;
    const html = await (await linkPage("/link?id=2026-10-09", proxy)).text();
    expect(html).not.toContain(PUBLIC_LIST_DATA_ID);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe("a /link page's cards", () => {
  it("are in #root before any script runs, with the agency's messages and nothing a visitor may not see", async () => {
    const [open, membersOnly] = [await createMember({ gender: "F" }), await createMember({ gender: "M" })];
    await publishList("2026-11-02", false, [open.pid, membersOnly.pid], ["*Free* registration this week"]);
    await env.DB.prepare("UPDATE members SET public_profile = 'MEMBERS', surname = 'Yarlagadda' WHERE pid = ?1").bind(membersOnly.pid).run();
    const response = await linkPage("/link?id=2026-11-02");
    expect(response.headers.get("Vary")).toBe("Cookie, Accept-Language");
    const html = await response.text();
    const root = rootMarkup(html);
    expect(html).toContain('<html lang="en">');
    // Named from the first paint, as the screen names itself (web/lib/page-title.ts).
    expect(html).toContain(`<title>Public Profiles | ${env.AGENCY_NAME}</title>`);
    // The code's preloads wait until the cards are painted (web/main.tsx).
    expect(html).toContain(`<template id="after-paint">${PRELOAD}</template></head>`);
    expect(html.split(PRELOAD)).toHaveLength(2);
    expect(root).toContain('Profiles of <span class="whitespace-nowrap">02-11-2026</span>');
    expect(root.match(/<article /g)).toHaveLength(2);
    expect(root).toContain(`Profile ID ${open.pid}`);
    expect(root).toContain("Yarlagadda");
    expect(root).toMatch(/Free<\/(strong|b)> registration this week/);
    // The page's header and footer, with the agency's configured name and phone.
    expect(root).toContain('<a href="tel:+919876543210"');
    // Not the loading state: the cards themselves.
    expect(root).not.toContain('role="status"');
    // The public API's card: the open profile's phone, not the members-only one's, no address or e-mail.
    const cards = carried(html)?.profiles ?? [];
    expect(cards.find((card) => card.pid === membersOnly.pid)?.phone ?? null).toBeNull();
    expect(root).toContain(`+91 90000 ${String(open.pid).padStart(5, "0")}`);
    expect(root).not.toContain(`90000${String(membersOnly.pid).padStart(5, "0")}`);
    for (const pid of [open.pid, membersOnly.pid]) expect(root).not.toContain(`member${pid}@example.com`);
    expect(root).not.toContain("Brodipet");
    expect(carried(html)?.seed).toEqual(expect.any(Number));
  });

  it("escape what a name or a message holds", async () => {
    const member = await createMember({ gender: "F" });
    const hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>";
    await env.DB.prepare("UPDATE members SET name = ?2 WHERE pid = ?1").bind(member.pid, hostile).run();
    await publishList("2026-11-03", false, [member.pid], [`Hello ${hostile}`]);
    const root = rootMarkup(await (await linkPage("/link?id=2026-11-03")).text());
    expect(root).not.toContain("<img src=x");
    expect(root).not.toContain("<script");
    expect(root).toContain("&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    // And the agency's configured name in the page's title: text, not markup.
    const titled = await (await linkPage("/link?id=2026-11-03", { AGENCY_NAME: "Rao & Sons </title><b>" })).text();
    expect(titled).toContain("<title>Public Profiles | Rao &amp; Sons &lt;/title&gt;&lt;b&gt;</title>");
  });

  it("are in the language the browser will render in: the lang cookie, else Accept-Language", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-11-04", false, [member.pid], []);
    const teluguReaders: Record<string, string>[] = [{ Cookie: "lang=te" }, { "Accept-Language": "te-IN,te;q=0.9,en;q=0.5" }];
    for (const headers of teluguReaders) {
      const html = await (await linkPage("/link?id=2026-11-04", {}, undefined, headers)).text();
      expect(html, JSON.stringify(headers)).toContain('<html lang="te">');
      expect(rootMarkup(html)).toContain("నాటి ప్రొఫైల్స్");
      expect(html).toContain(`<title>ప్రొఫైల్స్ | ${env.AGENCY_NAME}</title>`);
    }
    const english = await (await linkPage("/link?id=2026-11-04", {}, undefined, { Cookie: "lang=en", "Accept-Language": "te" })).text();
    expect(rootMarkup(english)).toContain("Profiles of");
  });

  it("name a card's religion and caste in Telugu on a Telugu page, from the lists the page carries", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-11-07", false, [member.pid], []);
    const [card] = await apiData<PublicCard[]>("/api/whatsapp/public_profiles/2026-11-07");
    const lists = Object.fromEntries(await Promise.all(PUBLIC_CARD_LISTS.map(async (name) => [name, await apiData<LookupItem[]>(`/api/${name}`)] as const)));
    const teluguOf = (name: string, value: string | null | undefined) => lists[name]?.find((item) => item.name === value)?.nameTe;
    const religion = teluguOf("religions", card?.religion);
    const caste = teluguOf("subcastes", card?.caste);
    // The seeded reference lists name both in Telugu (migration 0006).
    expect(religion && caste).toBeTruthy();

    const telugu = await (await linkPage("/link?id=2026-11-07", {}, undefined, { Cookie: "lang=te" })).text();
    expect(carried(telugu)?.lists).toEqual(lists);
    expect(rootMarkup(telugu)).toContain(`<span>${religion}</span>`);
    expect(rootMarkup(telugu)).toContain(`<span>${caste}</span>`);

    // An English page names them as the profile answers, and carries no list.
    const english = await (await linkPage("/link?id=2026-11-07", {}, undefined, { Cookie: "lang=en" })).text();
    expect(carried(english)?.lists).toBeUndefined();
    expect(rootMarkup(english)).not.toContain(`${religion}`);
  });

  it("are each in their own language when requests in two languages are rendered at once", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-11-05", false, [member.pid], ["Welcome"]);
    const languages = ["te", "en", "te", "en", "en", "te"];
    const pages = await Promise.all(languages.map(async (language) => (await linkPage("/link?id=2026-11-05", {}, undefined, { Cookie: `lang=${language}` })).text()));
    pages.forEach((html, index) => {
      const telugu = languages[index] === "te";
      expect(html).toContain(`<html lang="${languages[index]}">`);
      expect(rootMarkup(html).includes("నాటి ప్రొఫైల్స్"), String(index)).toBe(telugu);
      expect(rootMarkup(html).includes("Profiles of"), String(index)).toBe(!telugu);
      expect(html, String(index)).toContain(`<title>${telugu ? "ప్రొఫైల్స్" : "Public Profiles"} | ${env.AGENCY_NAME}</title>`);
    });
  });

  it("are there for a list whose template has no messages", async () => {
    const member = await createMember({ gender: "F" });
    await publishList("2026-11-06", false, [member.pid], []);
    const html = await (await linkPage("/link?id=2026-11-06")).text();
    expect(carried(html)?.messages).toEqual([]);
    expect(rootMarkup(html).match(/<article /g)).toHaveLength(1);
    expect(rootMarkup(html)).not.toContain('data-testid="public-message"');
  });
});
