import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { api, bearer, createMember, postJson, signIn } from "./setup/fixtures.ts";

describe("every response", () => {
  it("carries a request id and the security headers", async () => {
    const response = await api("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("gets a fresh request id of the Worker's own per request, whatever the caller sends", async () => {
    const first = (await api("/api/health")).headers.get("X-Request-Id");
    const second = (await api("/api/health")).headers.get("X-Request-Id");
    expect(first).not.toBe(second);
    const sent = await api("/api/health", { headers: { "X-Request-Id": "trace-123" } });
    expect(sent.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs a caller's own request id apart from the Worker's, and only a sane one", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // A weak secret is a fault the Worker logs: the quickest way to a log line.
      const broken = { ...env, SESSION_SECRET: "too-short" };
      const failing = async (sent: string) => {
        const response = await api("/api/profile_teaser/10001", { headers: { "X-Request-Id": sent } }, broken);
        expect(response.status).toBe(500);
        return logged.mock.calls.map(([text]) => JSON.parse(String(text)) as Record<string, unknown>).find((entry) => entry.requestId === response.headers.get("X-Request-Id"));
      };
      expect(await failing("trace-123")).toMatchObject({ kind: "unhandled_error", clientRequestId: "trace-123" });
      const hostile = await failing("<script>");
      expect(hostile).toMatchObject({ kind: "unhandled_error" });
      expect(hostile?.clientRequestId).toBeUndefined();
    } finally {
      logged.mockRestore();
    }
  });
});

describe("Cache-Control of API answers", () => {
  it("is no-store unless the route says otherwise, refusals and unknown paths included", async () => {
    const member = await createMember();
    const answers = [
      await api("/api/Simple_Search_Profiles", { headers: bearer(await signIn(member)) }),
      await api("/api/Simple_Search_Profiles"),
      await api("/api/nope"),
      await postJson("/api/users/sign_in", { pid: member.pid, password: "wrong-password" }),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.get("Cache-Control")])).toEqual([
      [200, "no-store"],
      [401, "no-store"],
      [404, "no-store"],
      [400, "no-store"],
    ]);
    // Fixed data keeps its own policy (ADR 0029).
    expect((await api("/api/stars")).headers.get("Cache-Control")).toBe("public, max-age=3600");
  });
});

describe("the secrets checked at the first request", () => {
  it.each([
    ["SESSION_SECRET", "dev-session-secret-change-me-32-bytes-min", "SESSION_SECRET is still the example value"],
    ["PASSWORD_PEPPER", "dev-password-pepper-change-me", "PASSWORD_PEPPER is still the example value"],
    ["SESSION_SECRET", "abababababababababababababababab12", "SESSION_SECRET repeats too few characters"],
    ["PASSWORD_PEPPER", "short", "PASSWORD_PEPPER must be set to at least 16 characters"],
  ])("refuses %s = %s loudly, answering 500 and nothing else", async (name, value, reason) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await api("/api/profile_teaser/10001", {}, { ...env, [name]: value });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Something went wrong. Please try again later.", code: "INTERNAL" });
      expect(logged.mock.calls.some(([text]) => String(text).includes(reason))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("unknown API paths", () => {
  it.each(["/api/nope", "/api/users/nope", "/api/"])("answers 404 in the error shape for %s", async (path) => {
    const response = await api(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "This API path does not exist.", code: "NOT_FOUND" });
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("answers a wrong method on a known path with 404, not a 500", async () => {
    const response = await api("/api/stars", { method: "DELETE" });
    expect(response.status).toBe(404);
    expect((await response.json<{ code: string }>()).code).toBe("NOT_FOUND");
  });
});

describe("request bodies", () => {
  it("refuses a body over the limit with 413 in the error shape", async () => {
    const response = await postJson("/api/users/sign_in", { pid: 1, password: "x".repeat(70 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "The data sent is too large.", code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("POST /api/client_errors", () => {
  it("logs a report from the browser and answers 204", async () => {
    const response = await postJson("/api/client_errors", { message: "boom", url: "http://localhost/search", stack: "at x" });
    expect(response.status).toBe(204);
  });

  it("refuses a report without a message", async () => {
    const response = await postJson("/api/client_errors", { url: "http://localhost/" });
    expect(response.status).toBe(400);
    expect((await response.json<{ code: string }>()).code).toBe("VALIDATION_FAILED");
  });
});

describe("the SPA", () => {
  // The built assets are not part of the worker tests; a stand-in ASSETS
  // binding answers like the real one (index.html for unknown paths).
  const page = '<html><head><meta name="agency-name" content=""><meta name="agency-phone" content=""></head><body></body></html>';
  const assets = {
    fetch: async (request: Request) =>
      new URL(request.url).pathname.startsWith("/assets/")
        ? new Response("console.log(1)", { headers: { "Content-Type": "text/javascript", ETag: '"a"' } })
        : new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"p"' } }),
  } as unknown as Fetcher;

  it("serves index.html for any page path with the agency's name and phone and the security headers", async () => {
    const { env } = await import("cloudflare:test");
    const app = (await import("#worker/app.ts")).default;
    const response = await app.request("http://localhost/search?page=2", {}, { ...env, ASSETS: assets });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta name="agency-name" content="${env.AGENCY_NAME}">`);
    expect(html).toContain(`<meta name="agency-phone" content="${env.AGENCY_PHONE}">`);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("lets browsers keep hashed build files for a year", async () => {
    const { env } = await import("cloudflare:test");
    const app = (await import("#worker/app.ts")).default;
    const response = await app.request("http://localhost/assets/index-abc123.js", {}, { ...env, ASSETS: assets });
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });
});

describe("GET /robots.txt", () => {
  it("answers a robots file, not the SPA, keeping crawlers out of the API and the console", async () => {
    const response = await api("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text.split("\n")).toEqual(expect.arrayContaining(["User-agent: *", "Disallow: /api/", "Disallow: /agency", "Allow: /"]));
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
