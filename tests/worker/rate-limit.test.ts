import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "#worker/app.ts";
import { personalForm, signedInMember, smallJpeg, withinOneLimitWindow } from "./setup/fixtures.ts";

// The Rate Limiting binding throttles per client address. The sign-in limit
// is swapped for a real limiter of 3 calls a minute (vitest.config.ts); each
// test makes its calls within one of the limiter's windows.

async function signInFrom(address: string, overrides: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(
    "http://localhost/api/users/sign_in",
    { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": address }, body: JSON.stringify({ pid: 123, password: "x" }) },
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

describe("rate limits", () => {
  it("answer 429 with Retry-After in the error shape once an address uses up its sign-in limit", async () => {
    const tight = { SIGN_IN_LIMIT: env.TEST_TIGHT_LIMIT };
    await withinOneLimitWindow();
    for (let i = 0; i < 3; i++) expect((await signInFrom("203.0.113.7", tight)).status).not.toBe(429);
    const limited = await signInFrom("203.0.113.7", tight);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    const text = "Too many requests. Please wait a minute and try again.";
    expect(await limited.json()).toEqual({ error: text, code: "TOO_MANY_REQUESTS", err: text });
    // Another address is not affected.
    expect((await signInFrom("198.51.100.9", tight)).status).not.toBe(429);
  });

  it("count a staff member proving their password to change it as a sign-in", async () => {
    await withinOneLimitWindow();
    const ctx = createExecutionContext();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.request(
        "http://localhost/api/admin/me/password",
        { method: "PUT", headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.45" }, body: JSON.stringify({ currentPassword: "a", newPassword: "b" }) },
        { ...env, SIGN_IN_LIMIT: env.TEST_TIGHT_LIMIT },
        ctx,
      );
      statuses.push(response.status);
    }
    await waitOnExecutionContext(ctx);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("count an edit of the personal details, which may carry a photo to decode and store, as a registration (ADR 0014)", async () => {
    await withinOneLimitWindow();
    const member = await signedInMember();
    const photo = smallJpeg(40, 50);
    const ctx = createExecutionContext();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.request(
        "http://localhost/api/profile_personal_data",
        { method: "PUT", headers: { ...member.headers, "CF-Connecting-IP": "192.0.2.46" }, body: personalForm({}, photo) },
        { ...env, REGISTRATION_LIMIT: env.TEST_TIGHT_LIMIT },
        ctx,
      );
      statuses.push(response.status);
    }
    await waitOnExecutionContext(ctx);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("guard the rest of the API with their own limit", async () => {
    await withinOneLimitWindow();
    const ctx = createExecutionContext();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await app.request("http://localhost/api/stars", { headers: { "CF-Connecting-IP": "192.0.2.44" } }, { ...env, API_LIMIT: env.TEST_TIGHT_LIMIT }, ctx);
      statuses.push(response.status);
    }
    await waitOnExecutionContext(ctx);
    expect(statuses.slice(0, 3).every((status) => status === 200)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});

describe("the link-page limit", () => {
  // The pages WhatsApp links open and their preview images (ADR 0026), with
  // a stand-in for the built SPA.
  const page = '<html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""></head><body></body></html>';
  const assets = { fetch: async () => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher;

  async function statusesFrom(address: string, paths: string[]): Promise<number[]> {
    await withinOneLimitWindow();
    const ctx = createExecutionContext();
    const statuses = [];
    for (const path of paths) {
      const response = await app.request(
        `http://localhost${path}`,
        { headers: { "CF-Connecting-IP": address } },
        { ...env, ASSETS: assets, LINK_PAGE_LIMIT: env.TEST_TIGHT_LIMIT },
        ctx,
      );
      statuses.push(response.status);
    }
    await waitOnExecutionContext(ctx);
    return statuses;
  }

  it("answers 429 once an address has loaded its link pages, preview images and /request teasers, counted together", async () => {
    const statuses = await statusesFrom("192.0.2.61", [
      "/link?id=2026-12-01",
      "/request?q=x",
      "/og/default.jpg",
      "/profile_link?link=x",
      "/og/profile/10001.jpg",
      "/api/profile_teaser/10001",
    ]);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it("counts a link page whose path ends in a slash as the page itself", async () => {
    expect(await statusesFrom("192.0.2.64", ["/request/?q=x", "/profile_link/?link=x", "/new_profiles_link//?link=x", "/link/?id=2026-12-01"])).toEqual([200, 200, 200, 429]);
  });

  it("leaves the member API, the SPA's other pages and other addresses alone", async () => {
    expect(await statusesFrom("192.0.2.62", ["/link?id=2026-12-01", "/link?id=2026-12-01", "/link?id=2026-12-01", "/link?id=2026-12-01"])).toEqual([200, 200, 200, 429]);
    expect(await statusesFrom("192.0.2.62", ["/api/stars", "/search", "/login"])).toEqual([200, 200, 200]);
    expect(await statusesFrom("192.0.2.63", ["/interest_link?link=x"])).toEqual([200]);
  });
});
