import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CurrentUser, MemberListPage, ProfilePage } from "#shared/api-types.ts";
import { PAGE_SESSION_COOKIE, VIEWED_BY_PAGE_DATA_ID, type ViewedByPageData } from "#shared/page-session.ts";
import { SEARCH_PAGE_DATA_ID, type SearchPageData } from "#shared/search-lists.ts";
import app from "#worker/app.ts";
import { AFTER_PAINT_TEMPLATE_ID } from "#shared/page-placeholders.ts";
import { api, bearer, createInterest, createMember, signIn, type MemberOptions } from "./setup/fixtures.ts";

// A signed-in member's /search (ADR 0041) and /viewed_by_profiles (ADR 0042)
// come rendered by the Worker: the member's screen in #root, drawn from the
// API's own answers for the token the page-session cookie carries, and those
// answers beside it; nothing for a cookie the API refuses, a query in the
// address, or a screen the Worker cannot draw as the browser will.

const page =
  '<!doctype html><html lang="en"><head><title>__AGENCY_NAME__</title><meta name="agency-name" content=""><meta name="agency-phone" content=""><link rel="modulepreload" crossorigin href="/assets/app.js"></head><body><div id="root"></div></body></html>';
const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

interface Page {
  html: string;
  headers: Headers;
}

async function pageAt(path: string, headers: Record<string, string>): Promise<Page> {
  const ctx = createExecutionContext();
  const response = await app.request(
    `https://agency.example${path}`,
    { headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14)", ...headers } },
    { ...env, ASSETS: assets },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return { html: await response.text(), headers: response.headers };
}

const withSession = (token: string, more = "") => ({ Cookie: `${PAGE_SESSION_COOKIE}=${token}${more}`, "Accept-Language": "en-IN,en;q=0.9" });

const dataElement = (id: string) => new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, "s");
const ELEMENT = dataElement(SEARCH_PAGE_DATA_ID);

function carried(html: string): SearchPageData | undefined {
  const json = ELEMENT.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as SearchPageData);
}

function carriedViewedBy(html: string): ViewedByPageData | undefined {
  const json = dataElement(VIEWED_BY_PAGE_DATA_ID).exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as ViewedByPageData);
}

/** What the page's #root holds before any script runs (the data blocks follow it). */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.indexOf('<script type="application/json"', start);
  return html.slice(start, end === -1 ? html.indexOf("</body>") : end).replace(/<\/div>$/, "");
}

async function apiData<T>(path: string, token: string): Promise<T> {
  const response = await api(path, { headers: bearer(token) });
  expect(response.status).toBe(200);
  return (await response.json<{ data: T }>()).data;
}

async function memberWithToken(options: MemberOptions): Promise<{ pid: number; token: string }> {
  const member = await createMember({ ...options, gender: "F" });
  // A groom for the bride's list.
  await createMember({ gender: "M", profileType: "MEMBER", profilesCount: 5, lastViewDate: "2099-01-01" });
  return { pid: member.pid, token: await signIn(member) };
}

describe("a signed-in member's /search", () => {
  it("comes with the member's screen in #root, drawn from the API's own answers, which the page carries", async () => {
    const { pid, token } = await memberWithToken({ profileType: "FREE" });
    const { html, headers } = await pageAt("/search", withSession(token));
    const data = carried(html);
    expect(data?.user).toEqual(await apiData<CurrentUser>("/api/users/current", token));
    expect(data?.list).toEqual(await apiData<ProfilePage>("/api/Simple_Search_Profiles?page=1&order=tier", token));
    expect(data?.list.profiles.length).toBeGreaterThan(0);
    const root = rootMarkup(html);
    expect(root).toContain("Search Profiles");
    // The free member's note, the signed-in bar and the first card, before any script runs.
    expect(root).toContain("For more profiles, you need a paid membership.");
    expect(root).toContain(`Profile ID ${pid}`);
    expect(root).toContain(`data-pid="${data?.list.profiles[0]?.pid}"`);
    expect(html).toContain("<title>Search Profiles | Sri Lakshmi Marriage Bureau</title>");
    // The member's page is kept by no cache, and the application's code waits for the paint.
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("Vary")).toContain("Cookie");
    expect(html).toMatch(new RegExp(`<template id="${AFTER_PAINT_TEMPLATE_ID}"><link rel="modulepreload" crossorigin href="/assets/app.js"></template>`));
  });

  it("is a visitor's page for a cookie the API refuses, which it empties, and for no cookie", async () => {
    for (const token of ["not-a-token", "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"]) {
      const { html, headers } = await pageAt("/search", withSession(token));
      expect(carried(html), token).toBeUndefined();
      expect(rootMarkup(html), token).toBe("");
      expect(headers.get("Set-Cookie"), token).toMatch(new RegExp(`^${PAGE_SESSION_COOKIE}=; Path=/search; Max-Age=0`));
    }
    const { html, headers } = await pageAt("/search", { "Accept-Language": "en" });
    expect(carried(html)).toBeUndefined();
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("is left to the browser for a search in the address, for cards that open by the screen's width and for a profile language the device will switch to", async () => {
    const free = await memberWithToken({ profileType: "FREE" });
    expect(carried((await pageAt("/search?q=eyJwIjoyfQ", withSession(free.token))).html)).toBeUndefined();
    // A GOLD member's cards open on a wide screen and fold on a phone (profile-card.tsx).
    const gold = await memberWithToken({ profileType: "DONOR", profilesCount: 10, total: 2, lastViewDate: "2099-12-31" });
    const goldPage = await pageAt("/search", withSession(gold.token));
    expect(carried(goldPage.html)).toBeUndefined();
    expect(rootMarkup(goldPage.html)).toBe("");
    // A profile in Telugu on a device that chose no language: the browser follows the profile (ADR 0040).
    const telugu = await memberWithToken({ profileType: "FREE" });
    await env.DB.prepare("UPDATE members SET language = 'te' WHERE pid = ?1").bind(telugu.pid).run();
    expect(carried((await pageAt("/search", withSession(telugu.token))).html)).toBeUndefined();
    // The device's own choice wins: then the page comes rendered, in Telugu.
    const chosen = await pageAt("/search", withSession(telugu.token, "; lang=te"));
    expect(carried(chosen.html)?.user.pid).toBe(telugu.pid);
    expect(chosen.html).toContain('<html lang="te">');
  });

  it("escapes what members wrote: a name cannot end the data block or add markup", async () => {
    const { pid, token } = await memberWithToken({ profileType: "FREE" });
    await env.DB.prepare("UPDATE members SET name = ?1 WHERE pid = ?2").bind("</script><b>x</b><!--", pid).run();
    const { html } = await pageAt("/search", withSession(token));
    expect(carried(html)?.user.name).toBe("</script><b>x</b><!--");
    expect(ELEMENT.exec(html)?.[1]).not.toContain("<");
    expect(html).not.toContain("<b>x</b>");
  });
});

describe("a signed-in member's /viewed_by_profiles", () => {
  it("comes with the requests received in #root, drawn from the API's own answers, which the page carries", async () => {
    const { pid, token } = await memberWithToken({ profileType: "FREE" });
    const groom = await createMember({ gender: "M" });
    await createInterest(groom.pid, pid);
    const { html, headers } = await pageAt("/viewed_by_profiles", withSession(token));
    const data = carriedViewedBy(html);
    expect(data?.user).toEqual(await apiData<CurrentUser>("/api/users/current", token));
    expect(data?.list).toEqual(await apiData<MemberListPage>(`/api/profile_visits?pid=${pid}&p_status=V&page=1`, token));
    expect(data?.list.profiles.map((card) => card.pid)).toEqual([groom.pid]);
    const root = rootMarkup(html);
    expect(root).toContain("Requests received");
    expect(root).toContain(`Profile ID ${pid}`);
    expect(root).toContain(`data-pid="${groom.pid}"`);
    expect(html).toContain("<title>Requests received | Sri Lakshmi Marriage Bureau</title>");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    // /search's data block is not this page's.
    expect(carried(html)).toBeUndefined();
  });

  it("is a visitor's page for a refused cookie, which it empties on its own path, and is left to the browser for a later page or cards that open by the screen's width", async () => {
    const refused = await pageAt("/viewed_by_profiles", withSession("not-a-token"));
    expect(carriedViewedBy(refused.html)).toBeUndefined();
    expect(rootMarkup(refused.html)).toBe("");
    expect(refused.headers.get("Set-Cookie")).toMatch(new RegExp(`^${PAGE_SESSION_COOKIE}=; Path=/viewed_by_profiles; Max-Age=0`));
    const free = await memberWithToken({ profileType: "FREE" });
    expect(carriedViewedBy((await pageAt("/viewed_by_profiles?page=2", withSession(free.token))).html)).toBeUndefined();
    const gold = await memberWithToken({ profileType: "DONOR", profilesCount: 10, total: 2, lastViewDate: "2099-12-31" });
    await createInterest((await createMember({ gender: "M" })).pid, gold.pid);
    expect(carriedViewedBy((await pageAt("/viewed_by_profiles", withSession(gold.token))).html)).toBeUndefined();
  });
});
