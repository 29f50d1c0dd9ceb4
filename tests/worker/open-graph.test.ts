import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { encodeLinkPayload } from "../../shared/links.ts";
import app from "../../worker/app.ts";
import { api, createMember } from "./setup/fixtures.ts";

// Link previews for WhatsApp: what a crawler sees of a shared link, and that
// looking changes nothing.

const page = '<html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""></head><body></body></html>';
const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

async function html(path: string, userAgent = "WhatsApp/2.23.20.0"): Promise<string> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, { headers: { "User-Agent": userAgent } }, { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.text();
}

const og = (text: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(text)?.[1];

describe("Open Graph tags", () => {
  it("preview a /request link with what a stranger may see, and a blurred image", async () => {
    const bride = await createMember({ gender: "F" });
    const text = await html(`/request?q=${btoa(JSON.stringify({ pid: String(bride.pid) }))}`);
    expect(og(text, "og:title")).toBe(`Profile ${bride.pid} – ${env.AGENCY_NAME}`);
    expect(og(text, "og:description")).toMatch(/^\d+ years · 5 ft .* · Rohini\. Tap to request the phone number\.$/);
    expect(og(text, "og:image")).toBe(`https://agency.example/og/profile/${bride.pid}.jpg`);
    expect(og(text, "og:url")).toContain("https://agency.example/request?q=");
    // (The demo agency is "Sri Lakshmi ...": the member's surname stands for her name here.)
    for (const secret of [`+9190000${bride.pid}`, "Kommineni", "Brodipet", `member${bride.pid}@`]) expect(text).not.toContain(secret);
  });

  it("give an undecodable link a generic preview, not an error page", async () => {
    for (const path of ["/request?q=%%%", "/Request.aspx", "/profile_link?link=garbage", "/whatsapp_link"]) {
      const text = await html(path);
      expect(og(text, "og:title")).toBe(env.AGENCY_NAME);
      expect(og(text, "og:image")).toBe("https://agency.example/og/default.jpg");
      expect(text).toContain('<meta name="link-valid" content="false"');
    }
  });

  it("never sign anyone in or use up a token when a crawler opens an auto-login link", async () => {
    const member = await createMember();
    const counts = () => env.DB.prepare("SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM link_tokens) AS tokens").first();
    const before = await counts();
    const link = encodeLinkPayload({ pid: member.pid, pin: "whatever", iPid: 10002 });
    const text = await html(`/profile_link?link=${link}`);
    expect(text).toContain('<meta name="link-valid" content="true"');
    // The token is never repeated in the page (og:url included).
    expect(text).not.toContain(link);
    expect(og(text, "og:url")).toBe("https://agency.example/profile_link");
    expect(await counts()).toEqual(before);
  });
});

describe("a crawler on every kind of shared link", () => {
  it("gets og:title, og:description, an absolute JPEG og:image and og:url, sees nobody's phone or full name, and changes nothing", async () => {
    const bride = await createMember({ gender: "F" });
    const groom = await createMember({ gender: "M" });
    await env.DB.prepare("UPDATE members SET public_profile = 'PUBLIC' WHERE pid = ?1").bind(bride.pid).run();
    const list = await env.DB.prepare("INSERT INTO public_lists (list_date, is_week) VALUES ('2026-12-01', 0) RETURNING id").first<{ id: number }>();
    await env.DB.prepare("INSERT INTO public_list_profiles (list_id, pid) VALUES (?1, ?2)").bind(list?.id, bride.pid).run();
    const state = () =>
      env.DB.prepare(
        `SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM link_tokens) AS tokens,
           (SELECT count(*) FROM interests) AS interests, (SELECT count(*) FROM profile_views) AS views,
           (SELECT count(*) FROM outbox) AS outbox, (SELECT count(*) FROM public_list_profiles) AS published`,
      ).first();
    const before = await state();
    const q = encodeLinkPayload({ pid: String(bride.pid) });
    const link = encodeLinkPayload({ pid: groom.pid, pin: "whatever", iPid: bride.pid });
    const paths = [
      `/request?q=${q}`,
      `/Request.aspx?q=${q}`,
      `/profile_link?link=${link}`,
      `/interest_link?link=${link}`,
      `/whatsapp_link?link=${link}`,
      `/new_profiles_link?link=${link}`,
      "/link?id=2026-12-01",
      "/link?wid=2026-11-30",
    ];
    for (const path of paths) {
      const text = await html(path);
      expect(og(text, "og:title"), path).toBeTruthy();
      expect(og(text, "og:description"), path).toBeTruthy();
      expect(og(text, "og:image"), path).toMatch(/^https:\/\/agency\.example\/og\/.+\.jpg$/);
      expect(og(text, "og:url"), path).toMatch(/^https:\/\/agency\.example\//);
      expect(text, path).toContain('<meta name="link-valid" content="true"');
      for (const secret of [`+9190000${bride.pid}`, `+9190000${groom.pid}`, "Kommineni Lakshmi", "Brodipet"]) expect(text, path).not.toContain(secret);
    }
    expect(await state()).toEqual(before);
  });
});

describe("link analytics", () => {
  it("record which link was previewed by a crawler or opened by a member, and whether it was valid", async () => {
    await env.DB.prepare("DELETE FROM link_events").run();
    await html(`/whatsapp_link?link=${encodeLinkPayload({ pid: 10001, pin: "x" })}`);
    await html("/request?q=broken", "Mozilla/5.0 (Linux; Android 14) Chrome/130");
    const { results } = await env.DB.prepare("SELECT link, step, outcome FROM link_events ORDER BY id").all();
    expect(results).toEqual([
      { link: "whatsapp", step: "previewed", outcome: "success" },
      { link: "request", step: "opened", outcome: "failure" },
    ]);
  });
});

describe("preview images", () => {
  it("serve the agency's image as a JPEG at least 400 px wide and under 300 KB", async () => {
    const response = await api("/og/default.jpg");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(jpeg.decode(bytes).width).toBeGreaterThanOrEqual(400);
  });

  it("make a profile's preview from its blurred derivative only", async () => {
    const bride = await createMember({ gender: "F" });
    const blur = jpeg.encode({ width: 24, height: 30, data: new Uint8Array(24 * 30 * 4).fill(140) }, 60).data;
    await env.PHOTOS.put(`photos/full-${bride.pid}-blur.jpg`, blur);
    const response = await api(`/og/profile/${bride.pid}.jpg`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(jpeg.decode(bytes)).toMatchObject({ width: 480, height: 600 });
    expect((await api("/og/profile/999999.jpg")).status).toBe(404);
  });
});
