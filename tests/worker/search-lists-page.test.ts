import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { LookupItem } from "#shared/api-types.ts";
import { encodeLinkPayload } from "#shared/links.ts";
import { SEARCH_LISTS, SEARCH_LISTS_DATA_ID, type SearchLists } from "#shared/search-lists.ts";
import app from "#worker/app.ts";
import { api } from "./setup/fixtures.ts";

// The pages that open /search carry its reference lists (ADR 0031): exactly
// the API's answers, safely inside the HTML, and only where the screen will
// read them.

const page = '<!doctype html><html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""></head><body><div id="root"></div></body></html>';
const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

async function pageAt(path: string, bindings: Partial<Env> = {}, userAgent = "Mozilla/5.0 (Linux; Android 14)"): Promise<string> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, { headers: { "User-Agent": userAgent } }, { ...env, ASSETS: assets, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.text();
}

const ELEMENT = new RegExp(`<script type="application/json" id="${SEARCH_LISTS_DATA_ID}">(.*?)</script>`, "s");

/** The lists the page carries, parsed as the browser would, or undefined. */
function carried(html: string): SearchLists | undefined {
  const json = ELEMENT.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as SearchLists);
}

async function apiLists(): Promise<SearchLists> {
  const answers = await Promise.all(
    SEARCH_LISTS.map(async (name) => {
      const response = await api(`/api/${name}`);
      expect(response.status).toBe(200);
      return [name, (await response.json<{ data: LookupItem[] }>()).data] as const;
    }),
  );
  return Object.fromEntries(answers) as SearchLists;
}

const link = (payload: object) => `link=${encodeLinkPayload({ pid: 100001, pin: "a-link-token", ...payload })}`;

describe("the pages that open /search", () => {
  // First: the lists are kept in the isolate for its life (ADR 0029), so the changed name must be read before any other test asks.
  it("cannot end their element early: every < in the lists is written as its JSON escape", async () => {
    await env.DB.prepare("UPDATE stars SET name_te = ?1 WHERE id = (SELECT min(id) FROM stars)").bind("</script><!--").run();
    const html = await pageAt("/search");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<!--");
    expect(carried(html)?.stars.some((star) => star.nameTe === "</script><!--")).toBe(true);
  });

  it("carry every list /search shows names from, each exactly as the API answers it", async () => {
    const html = await pageAt("/search");
    const lists = carried(html);
    expect(Object.keys(lists ?? {}).sort()).toEqual([...SEARCH_LISTS].sort());
    expect(lists).toEqual(await apiLists());
    expect(lists?.stars.length).toBeGreaterThan(0);
    // At the end of the body, after the application's root.
    expect(html.indexOf(`id="${SEARCH_LISTS_DATA_ID}"`)).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it("are /search with a search in its address too, and the auto-login pages whose link leads to /search", async () => {
    const expected = await apiLists();
    expect(carried(await pageAt("/search?q=eyJwIjoyfQ"))).toEqual(expected);
    for (const path of ["/profile_link", "/interest_link", "/whatsapp_link"]) {
      expect(carried(await pageAt(`${path}?${link({})}`)), path).toEqual(expected);
    }
  });

  it("leave out the auto-login links that open another screen, undecodable links and every other page", async () => {
    for (const path of ["/profile_link", "/interest_link", "/whatsapp_link"]) {
      expect(carried(await pageAt(`${path}?${link({ iPid: 100002 })}`)), path).toBeUndefined();
      expect(carried(await pageAt(`${path}?link=not-a-link`)), path).toBeUndefined();
    }
    // /new_profiles_link's brief page runs no screen of the application: /profile_link, which it opens, carries them (ADR 0045).
    expect(carried(await pageAt(`/new_profiles_link?${link({})}`))).toBeUndefined();
    for (const path of ["/search_id?pid=100002", "/viewed_by_profiles", "/link?id=2026-10-05", "/"]) {
      expect(carried(await pageAt(path)), path).toBeUndefined();
    }
  });

  it("are not sent to a link preview's crawler, which runs no screen", async () => {
    expect(carried(await pageAt(`/profile_link?${link({})}`, {}, "WhatsApp/2.23.20.0 A"))).toBeUndefined();
  });

  it("are not sent in proxy mode, where the agency backend answers the lists", async () => {
    const proxy = { AGENCY_API_URL: `${inject("agencyBackendUrl")}/api`, AGENCY_API_KEY: "test-agency-api-key-0123456789abcdef" } as Partial<Env>;
    expect(carried(await pageAt("/search", proxy))).toBeUndefined();
  });
});
