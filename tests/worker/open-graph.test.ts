import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import jpeg from "jpeg-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { autoLoginUrl, encodeLinkPayload } from "#shared/links.ts";
import app from "#worker/app.ts";
import { PAGE_LOADS_INTERVAL_MS } from "#worker/lib/link-analytics.ts";
import { api, createMember } from "./setup/fixtures.ts";

// Link previews for WhatsApp: what a crawler sees of a shared link, and that
// looking changes nothing.

const page = '<html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""></head><body></body></html>';
const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

async function html(path: string, userAgent = "WhatsApp/2.23.20.0", db: D1Database = env.DB): Promise<string> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, { headers: { "User-Agent": userAgent } }, { ...env, ASSETS: assets, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.text();
}

const og = (text: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(text)?.[1];

/** Whether the agency publishes the profile (public_profile): previews show published, active members only (ADR 0017). */
const publish = (pid: number, publicProfile: "PAID" | "PUBLIC" | "MEMBERS" | null) =>
  env.DB.prepare("UPDATE members SET public_profile = ?2 WHERE pid = ?1").bind(pid, publicProfile).run();

const requestLink = (pid: number) => `/request?q=${btoa(JSON.stringify({ pid: String(pid) }))}`;

describe("Open Graph tags", () => {
  it("preview a /request link with what a stranger may see, and a blurred image", async () => {
    const bride = await createMember({ gender: "F" });
    await publish(bride.pid, "MEMBERS");
    const text = await html(`/request?q=${btoa(JSON.stringify({ pid: String(bride.pid) }))}`);
    expect(og(text, "og:title")).toBe(`Profile ${bride.pid} – ${env.AGENCY_NAME}`);
    expect(og(text, "og:description")).toMatch(/^\d+ years · 5 ft .* · Rohini\. Tap to request the phone number\.$/);
    expect(og(text, "og:image")).toBe(`https://agency.example/og/profile/${bride.pid}.jpg`);
    expect(og(text, "og:url")).toContain("https://agency.example/request?q=");
    // (The demo agency is "Sri Lakshmi ...": the member's surname stands for her name here.)
    for (const secret of [`+9190000${bride.pid}`, "Kommineni", "Brodipet", `member${bride.pid}@`]) expect(text).not.toContain(secret);
  });

  it("give the agency's own preview to a profile the agency has not published, a deactivated one, or one whose member is not on the public lists, as to an ID nobody has", async () => {
    const unpublished = await createMember({ gender: "F" });
    const deactivated = await createMember({ gender: "F", active: false });
    // Published by the agency, but the member never agreed to the public lists, or said no (ADR 0033).
    const neverAsked = await createMember({ gender: "F", consents: "none" });
    const saidNo = await createMember({ gender: "F", consents: { publicList: false, promotions: true } });
    for (const member of [deactivated, neverAsked, saidNo]) await publish(member.pid, "PUBLIC");
    const nobody = await html(requestLink(999_999));
    for (const pid of [unpublished.pid, deactivated.pid, neverAsked.pid, saidNo.pid]) {
      const text = await html(requestLink(pid));
      for (const property of ["og:title", "og:description", "og:image"]) expect(og(text, property), `${pid} ${property}`).toBe(og(nobody, property));
      expect(og(text, "og:title")).toBe(env.AGENCY_NAME);
      expect(og(text, "og:image")).toBe("https://agency.example/og/default.jpg");
      // The page itself still works: the member who got the link can send their request.
      expect(text).toContain('<meta name="link-valid" content="true"');
    }
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

describe("a link page's path with a trailing slash", () => {
  it("is the page itself: its token never in og:url or the page, and the page kept in no cache", async () => {
    const member = await createMember();
    const link = encodeLinkPayload({ pid: member.pid, pin: "a-secret-token", iPid: 10002 });
    for (const page of ["/new_profiles_link", "/profile_link", "/interest_link", "/whatsapp_link"]) {
      for (const path of [`${page}/`, `${page}//`]) {
        const ctx = createExecutionContext();
        const response = await app.request(`https://agency.example${path}?link=${link}`, { headers: { "User-Agent": "WhatsApp/2.23.20.0" } }, { ...env, ASSETS: assets }, ctx);
        await waitOnExecutionContext(ctx);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("Cache-Control"), path).toBe("no-store");
        const text = await response.text();
        expect(og(text, "og:url"), path).toBe(`https://agency.example${page}`);
        expect(text, path).not.toContain(link);
        expect(text, path).toContain('<meta name="link-valid" content="true"');
      }
    }
  });
});

describe("Open Graph tags in Telugu (ADR 0040)", () => {
  it("preview a link built for a Telugu reader in Telugu, and an English one in English", async () => {
    const member = await createMember();
    const link = autoLoginUrl("https://agency.example", "interest", { pid: member.pid, pin: "whatever", iPid: 10002 }, "te");
    expect(link.endsWith("&lang=te")).toBe(true);
    const telugu = await html(link.slice("https://agency.example".length));
    expect(og(telugu, "og:description")).toBe(`${env.AGENCY_NAME} లో మీ ప్రొఫైల్ తెరవడానికి నొక్కండి.`);
    // The language is no secret, but the address is still the bare path.
    expect(og(telugu, "og:url")).toBe("https://agency.example/interest_link");
    const english = await html(autoLoginUrl("", "interest", { pid: member.pid, pin: "whatever" }));
    expect(og(english, "og:description")).toBe(`Tap to open your profile at ${env.AGENCY_NAME}.`);
  });

  it("preview /request and /link in Telugu from the link's lang, whatever the crawler asks for", async () => {
    const bride = await createMember({ gender: "F" });
    await publish(bride.pid, "MEMBERS");
    const request = await html(`${requestLink(bride.pid)}&lang=te`);
    expect(og(request, "og:title")).toBe(`ప్రొఫైల్ ${bride.pid} – ${env.AGENCY_NAME}`);
    expect(og(request, "og:description")).toMatch(/^\d+ సంవత్సరాలు · .* ఫోన్ నంబర్ అడగడానికి నొక్కండి\.$/);
    // The star by its Telugu name, as Telugu mode names it everywhere (ADR 0040).
    expect(og(request, "og:description")).toContain(" · రోహిణి");
    expect(og(request, "og:description")).not.toContain("Rohini");
    const list = await html("/link?id=2026-11-21&lang=te");
    expect(og(list, "og:title")).toBe(`${env.AGENCY_NAME} నుండి ప్రొఫైల్స్`);
    expect(og(list, "og:description")).toBe(`${env.AGENCY_NAME} లో తెలుగు వధూవరుల ప్రొఫైల్స్. ఉచితంగా నమోదు చేసుకోండి, ప్రొఫైల్స్ చూడండి, ఆసక్తి పంపండి.`);
  });

  it("preview the set-password link of a Telugu reader's code in Telugu, a Profile ID that is none too, as the code's message builds it", async () => {
    const telugu = `${env.AGENCY_NAME} లో తెలుగు వధూవరుల ప్రొఫైల్స్. ఉచితంగా నమోదు చేసుకోండి, ప్రొఫైల్స్ చూడండి, ఆసక్తి పంపండి.`;
    for (const path of ["/set_password?pid=10001&lang=te", "/set_password?pid=abc&lang=te", "/set_password?lang=te"]) {
      const page = await html(path);
      expect(og(page, "og:description"), path).toBe(telugu);
      expect(og(page, "og:title"), path).toBe(env.AGENCY_NAME);
    }
    expect(og(await html("/set_password?pid=10001"), "og:description")).toBe(`Telugu brides and grooms from ${env.AGENCY_NAME}. Register free, browse profiles and send interest.`);
  });

  it("preview in the visitor's language when the link names none: the lang cookie, then Accept-Language", async () => {
    const ask = async (headers: Record<string, string>) => {
      const ctx = createExecutionContext();
      const response = await app.request("https://agency.example/link?id=2026-11-21", { headers }, { ...env, ASSETS: assets }, ctx);
      await waitOnExecutionContext(ctx);
      return og(await response.text(), "og:title");
    };
    expect(await ask({ Cookie: "lang=te" })).toBe(`${env.AGENCY_NAME} నుండి ప్రొఫైల్స్`);
    expect(await ask({ "Accept-Language": "te-IN,te;q=0.9,en;q=0.8" })).toBe(`${env.AGENCY_NAME} నుండి ప్రొఫైల్స్`);
    expect(await ask({ Cookie: "lang=en", "Accept-Language": "te-IN" })).toBe(`Profiles from ${env.AGENCY_NAME}`);
    expect(await ask({})).toBe(`Profiles from ${env.AGENCY_NAME}`);
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
  // Page loads are counted per day and written at most once an interval per
  // isolate (ADR 0026). The clock is set by the test, so the interval passes
  // exactly when the test says, however loaded the machine is.
  afterEach(() => {
    vi.useRealTimers();
  });

  const loadsOn = async (time: number) =>
    (
      await env.DB.prepare("SELECT link, step, outcome, loads FROM link_page_loads WHERE day = ?1 ORDER BY link, step, outcome")
        .bind(new Date(time).toISOString().slice(0, 10))
        .all()
    ).results;

  /** 09:00 UTC some days from now: later than any write this file made, on a day of its own. */
  function morningInDays(days: number): number {
    const morning = new Date();
    morning.setUTCHours(9, 0, 0, 0);
    return morning.getTime() + days * 86_400_000;
  }

  /** The D1 binding, with the SQL of every statement prepared through it. */
  function recordingDb(): { db: D1Database; statements: string[] } {
    const statements: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            statements.push(sql);
            return target.prepare(sql);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { db, statements };
  }

  it("count which link was previewed by a crawler or opened by a member, and whether it was valid", async () => {
    const start = morningInDays(2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    await html(`/whatsapp_link?link=${encodeLinkPayload({ pid: 10001, pin: "x" })}`);
    await html("/request?q=broken", "Mozilla/5.0 (Linux; Android 14) Chrome/130");
    await html("/request?q=broken", "Mozilla/5.0 (Linux; Android 14) Chrome/130");
    // Within the interval only the first load is written; the next load after it brings the rest.
    expect(await loadsOn(start)).toEqual([{ link: "whatsapp", step: "previewed", outcome: "success", loads: 1 }]);
    vi.setSystemTime(start + PAGE_LOADS_INTERVAL_MS);
    await html("/link");
    expect(await loadsOn(start)).toEqual([
      { link: "public", step: "previewed", outcome: "failure", loads: 1 },
      { link: "request", step: "opened", outcome: "failure", loads: 2 },
      { link: "whatsapp", step: "previewed", outcome: "success", loads: 1 },
    ]);
  });

  it("cost D1 one statement per interval however many pages are loaded, and lose no load", async () => {
    const start = morningInDays(4);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
    const { db, statements } = recordingDb();
    const flood = 300;
    for (let i = 0; i < flood; i++) await html("/link?id=2026-12-01", "Mozilla/5.0", db);
    vi.setSystemTime(start + PAGE_LOADS_INTERVAL_MS);
    await html("/link?id=2026-12-01", "Mozilla/5.0", db);
    // The first load and the first after the interval: two statements for 301 loads. The page
    // also reads the list it carries, as the screen's API calls would (ADR 0031), and writes nothing else.
    const counting = statements.filter((sql) => sql.includes("link_page_loads"));
    expect(counting).toHaveLength(2);
    for (const sql of counting) expect(sql).toContain("INSERT INTO link_page_loads");
    for (const sql of statements) if (!counting.includes(sql)) expect(sql.trimStart()).toMatch(/^SELECT/i);
    expect(await loadsOn(start)).toEqual([{ link: "public", step: "opened", outcome: "success", loads: flood + 1 }]);
    expect(await env.DB.prepare("SELECT count(*) AS rows FROM link_events WHERE step IN ('opened', 'previewed')").first()).toEqual({ rows: 0 });
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
    await publish(bride.pid, "PUBLIC");
    const blur = jpeg.encode({ width: 24, height: 30, data: new Uint8Array(24 * 30 * 4).fill(140) }, 60).data;
    await env.PHOTOS.put(`photos/full-${bride.pid}-blur.jpg`, blur);
    const response = await api(`/og/profile/${bride.pid}.jpg`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(jpeg.decode(bytes)).toMatchObject({ width: 480, height: 600 });
    expect((await api("/og/profile/999999.jpg")).status).toBe(404);
  });

  it("serve no image of a profile the agency has not published, nor of a member not on the public lists or deactivated, even one made before", async () => {
    const bride = await createMember({ gender: "F" });
    await publish(bride.pid, "PUBLIC");
    await env.PHOTOS.put(`photos/full-${bride.pid}-blur.jpg`, jpeg.encode({ width: 24, height: 30, data: new Uint8Array(24 * 30 * 4).fill(90) }, 60).data);
    const path = `/og/profile/${bride.pid}.jpg`;
    expect((await api(path)).status).toBe(200);
    const nobody = await api("/og/profile/999999.jpg");
    const answer = await nobody.json();
    await publish(bride.pid, null);
    const unpublished = await api(path);
    expect(unpublished.status).toBe(404);
    expect(await unpublished.json()).toEqual(answer);
    await publish(bride.pid, "PUBLIC");
    // She takes back her consent to the public lists (ADR 0033).
    await env.DB.prepare("UPDATE consents SET public_list = 0 WHERE member_pid = ?1").bind(bride.pid).run();
    const withdrawn = await api(path);
    expect(withdrawn.status).toBe(404);
    expect(await withdrawn.json()).toEqual(answer);
    await env.DB.prepare("UPDATE consents SET public_list = 1 WHERE member_pid = ?1").bind(bride.pid).run();
    expect((await api(path)).status).toBe(200);
    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(bride.pid).run();
    const deactivated = await api(path);
    expect(deactivated.status).toBe(404);
    expect(await deactivated.json()).toEqual(answer);
  });

  it("make browsers and shared caches ask again for a profile's image, 304 while its photo is the same, 404 once it may no longer be shown", async () => {
    const bride = await createMember({ gender: "F" });
    await publish(bride.pid, "PUBLIC");
    const blur = jpeg.encode({ width: 24, height: 30, data: new Uint8Array(24 * 30 * 4).fill(70) }, 60).data;
    await env.PHOTOS.put(`photos/full-${bride.pid}-blur.jpg`, blur);
    await env.PHOTOS.put(`photos/new-${bride.pid}-blur.jpg`, blur);
    const path = `/og/profile/${bride.pid}.jpg`;
    const first = await api(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, no-cache");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // The tag names no key: the blurred photo's key is not given away.
    expect(etag).not.toContain(String(bride.pid));
    const again = await api(path, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // A new photo: a new image under a new tag.
    await env.DB.prepare("UPDATE members SET photo_blur_key = ?2 WHERE pid = ?1").bind(bride.pid, `photos/new-${bride.pid}-blur.jpg`).run();
    const replaced = await api(path, { headers: { "If-None-Match": etag } });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get("ETag")).not.toBe(etag);
    // Consent withdrawn: the cached copy is answered 404, not confirmed.
    await env.DB.prepare("UPDATE consents SET public_list = 0 WHERE member_pid = ?1").bind(bride.pid).run();
    expect((await api(path, { headers: { "If-None-Match": replaced.headers.get("ETag") ?? "" } })).status).toBe(404);
    // The agency's own image is the same for everyone and changes with a deployment only.
    expect((await api("/og/default.jpg")).headers.get("Cache-Control")).toBe("public, max-age=86400");
  });
});

describe("in proxy mode", () => {
  // The agency backend holds the members (ADR 0026): the Worker's D1 is not
  // theirs to show, even where it still holds an earlier copy of them.
  afterEach(() => {
    vi.useRealTimers();
  });

  const proxyMode = { AGENCY_API_URL: "https://backend.example/api", AGENCY_API_KEY: "test-agency-api-key-0123456789abcdef" };

  /** The D1 binding, naming every use of it. */
  function watchedDb(): { db: D1Database; used: string[] } {
    const used: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, property) {
        used.push(String(property));
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { db, used };
  }

  async function get(path: string, db: D1Database): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await app.request(`https://agency.example${path}`, { headers: { "User-Agent": "WhatsApp/2.23.20.0" } }, { ...env, ...proxyMode, ASSETS: assets, DB: db }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("preview a /request link as the agency's own, serve no profile image, count no load, and never use D1", async () => {
    const bride = await createMember({ gender: "F" });
    await publish(bride.pid, "PUBLIC");
    await env.PHOTOS.put(`photos/full-${bride.pid}-blur.jpg`, jpeg.encode({ width: 24, height: 30, data: new Uint8Array(24 * 30 * 4).fill(110) }, 60).data);
    // A day no load was counted on yet: a count would be written at once.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 40 * 86_400_000);
    const { db, used } = watchedDb();

    const preview = await get(requestLink(bride.pid), db);
    expect(preview.status).toBe(200);
    const text = await preview.text();
    expect(og(text, "og:title")).toBe(env.AGENCY_NAME);
    expect(og(text, "og:image")).toBe("https://agency.example/og/default.jpg");
    expect(text).toContain('<meta name="link-valid" content="true"');
    for (const path of ["/link?id=2026-12-01", `/profile_link?link=${encodeLinkPayload({ pid: bride.pid, pin: "x" })}`]) expect((await get(path, db)).status).toBe(200);

    const image = await get(`/og/profile/${bride.pid}.jpg`, db);
    expect(image.status).toBe(404);
    expect(await image.json()).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
    expect((await get("/og/default.jpg", db)).headers.get("Content-Type")).toBe("image/jpeg");

    expect(used).toEqual([]);
  });
});
