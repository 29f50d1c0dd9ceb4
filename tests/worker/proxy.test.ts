import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import app from "#worker/app.ts";
import type { EchoedRequest } from "./setup/agency-backend-stand-in.ts";
import { withinOneLimitWindow } from "./setup/fixtures.ts";

// Proxy mode against a real local HTTP server standing in for an external
// agency backend (tests/worker/setup/agency-backend-stand-in.ts).

const backend = inject("agencyBackendUrl");
const KEY = "test-agency-api-key-0123456789abcdef";

async function proxied(path: string, init: RequestInit = {}, overrides: Partial<Env> & { AGENCY_API_KEY?: string } = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, init, { ...env, AGENCY_API_URL: `${backend}/api`, AGENCY_API_KEY: KEY, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("proxy mode", () => {
  it("forwards method, path, query, body and Authorization, adds the client address, its own request id and the shared key", async () => {
    const response = await proxied("/api/send_interest?source=whatsapp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: "Bearer member-token",
        Cookie: "tracking=1",
        "CF-Connecting-IP": "203.0.113.5",
        "X-Request-Id": "req-42",
        Connection: "keep-alive, X-Secret-Hop",
        "X-Secret-Hop": "do-not-pass",
      },
      body: JSON.stringify({ fpid: 10011, tpid: 10001 }),
    });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: EchoedRequest }>();
    expect(data).toMatchObject({ method: "POST", path: "/api/send_interest", query: "?source=whatsapp", body: '{"fpid":10011,"tpid":10001}' });
    expect(data.headers).toMatchObject({
      authorization: "Bearer member-token",
      "content-type": "application/json",
      "x-forwarded-for": "203.0.113.5",
      "x-forwarded-host": "agency.example",
      "x-agency-proxy-key": KEY,
    });
    // The request id is the Worker's, the one on the response; the caller's own stays out.
    expect(data.headers["x-request-id"]).toMatch(UUID);
    expect(data.headers["x-request-id"]).toBe(response.headers.get("X-Request-Id"));
    expect(data.headers.cookie).toBeUndefined();
    expect(data.headers["x-secret-hop"]).toBeUndefined();
  });

  it("passes the backend's answer back without its cookies or hop-by-hop headers, and never lets a token's answer be cached", async () => {
    const response = await proxied("/api/users/current", { headers: { Authorization: "Bearer t" } });
    expect(response.headers.get("X-Backend")).toBe("stand-in");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("X-Hop")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
    expect(response.headers.get("Content-Security-Policy")).toBeTruthy();
  });

  it("keeps the backend's status", async () => {
    expect((await proxied("/api/health?status=418")).status).toBe(418);
  });

  it("answers 502 in the error shape for a redirect, whose Location names the backend, but passes 304 Not Modified", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await proxied("/api/health?redirect");
    expect(response.status).toBe(502);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "The agency server gave an answer this site cannot use. Please try again later.", code: "BAD_GATEWAY" });
    expect((await proxied("/api/stars?status=304", { headers: { "If-None-Match": '"v1"' } })).status).toBe(304);
  });

  it("replaces a failure that is not JSON, such as a stack trace, with the error shape, and keeps a JSON failure", async () => {
    for (const status of [500, 502, 503]) {
      const response = await proxied(`/api/health?html_error=${status}`);
      expect(response.status).toBe(status);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const text = await response.text();
      expect(text).not.toContain("Traceback");
      expect(JSON.parse(text)).toEqual({ error: "Something went wrong. Please try again later.", code: status === 502 ? "BAD_GATEWAY" : "INTERNAL" });
    }
    const json = await proxied("/api/health?status=503");
    expect(json.status).toBe(503);
    expect((await json.json<{ data: EchoedRequest }>()).data.path).toBe("/api/health");
  });

  it("keeps the backend's Cache-Control, and sends no-store where it sent none", async () => {
    expect((await proxied("/api/stars?cache=public%2C%20max-age%3D3600")).headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect((await proxied("/api/stars")).headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 504 in the error shape when the backend does not answer in time", async () => {
    const response = await proxied("/api/health?slow", {}, { AGENCY_API_TIMEOUT_MS: "300" });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: "The agency server did not answer in time. Please try again.", code: "GATEWAY_TIMEOUT" });
  });

  it("times the backend's answering only: a body still arriving after the timeout reaches the client whole", async () => {
    const response = await proxied("/api/health?slow_body=900", {}, { AGENCY_API_TIMEOUT_MS: "300" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { first: "half", second: "half" } });
  });

  it("answers 502 in the error shape when the backend cannot be reached, and logs both request ids apart", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await proxied("/api/stars", { headers: { "X-Request-Id": "caller-trace-7" } }, { AGENCY_API_URL: "http://127.0.0.1:9/api" });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "The agency server cannot be reached. Please try again later.", code: "BAD_GATEWAY" });
    const line = JSON.parse(String(logged.mock.calls.find(([text]) => String(text).includes("proxy_error"))?.[0]));
    expect(line).toMatchObject({ kind: "proxy_error", requestId: response.headers.get("X-Request-Id"), clientRequestId: "caller-trace-7" });
    expect(line.requestId).toMatch(UUID);
  });

  it("leaves pages and photos to the Worker", async () => {
    const response = await proxied("/og/default.jpg");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
  });
});

describe("proxy mode's guards", () => {
  it.each([
    ["POST", "/api/users/sign_in/"],
    ["POST", "/api/Users/Sign_In"],
    ["POST", "/api/users/SIGN_IN"],
    ["POST", "/api//users/sign_in"],
    ["POST", "/api/users//sign_in"],
    ["POST", "/api/save_new_registration/"],
    ["POST", "/api/Send_Interest"],
    ["GET", "/api/profile_teaser/10001/"],
    ["GET", "/api/users/sign_in"],
    ["GET", "/api/no_such_call"],
    ["GET", "/api/"],
  ])("answers %s %s, no route of the contract, with 404 in the error shape and sends nothing", async (method, path) => {
    const response = await proxied(path, { method, ...(method === "POST" ? { headers: { "Content-Type": "application/json" }, body: '{"pid":10001,"password":"x"}' } : {}) });
    expect(response.status, path).toBe(404);
    expect(await response.json()).toEqual({ error: "This API path does not exist.", code: "NOT_FOUND" });
  });

  it("counts every call it forwards against the route's own limit, spelled as the contract spells it", async () => {
    await withinOneLimitWindow();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await proxied(
        "/api/users/sign_in",
        { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.131" }, body: '{"pid":10001,"password":"x"}' },
        { SIGN_IN_LIMIT: env.TEST_TIGHT_LIMIT },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("forwards a contract route with its parameters, and its percent-encoded spelling as the route it is", async () => {
    const teaser = await proxied("/api/profile_teaser/10001?lang=te");
    expect((await teaser.json<{ data: EchoedRequest }>()).data).toMatchObject({ path: "/api/profile_teaser/10001", query: "?lang=te" });
    const encoded = await proxied("/api/users/sign%5Fin", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect((await encoded.json<{ data: EchoedRequest }>()).data).toMatchObject({ method: "POST", path: "/api/users/sign_in" });
    const head = await proxied("/api/users/current", { method: "HEAD", headers: { Authorization: "Bearer t" } });
    expect(head.status).toBe(200);
  });

  it("passes only the request headers of the contract, and the client's address alone", async () => {
    const response = await proxied("/api/users/current", {
      headers: {
        Authorization: "Bearer t",
        Accept: "application/json",
        "Accept-Language": "te-IN",
        "User-Agent": "Mozilla/5.0 (Linux; Android 14)",
        "If-None-Match": '"v1"',
        "CF-Connecting-IP": "203.0.113.5",
        "X-Forwarded-For": "10.0.0.1",
        Forwarded: "for=10.0.0.1",
        "X-Real-IP": "10.0.0.1",
        "True-Client-IP": "10.0.0.1",
        "X-Original-URL": "/api/admin/staff",
        "X-Rewrite-URL": "/api/admin/staff",
        "X-HTTP-Method-Override": "DELETE",
        "X-Agency-Proxy-Key": "forged",
      },
    });
    const { data } = await response.json<{ data: EchoedRequest }>();
    // Less the connection's own headers, and CF-Worker, which the platform adds to every fetch a Worker makes.
    const names = Object.keys(data.headers).filter((name) => !["host", "connection", "content-length", "transfer-encoding", "accept-encoding", "cf-worker"].includes(name));
    expect(names.sort()).toEqual(
      [
        "accept",
        "accept-language",
        "authorization",
        "if-none-match",
        "user-agent",
        "x-agency-proxy-key",
        "x-forwarded-for",
        "x-forwarded-host",
        "x-forwarded-proto",
        "x-request-id",
      ].sort(),
    );
    expect(data.headers).toMatchObject({ "accept-language": "te-IN", "if-none-match": '"v1"', "x-forwarded-for": "203.0.113.5", "x-agency-proxy-key": KEY });
  });

  it("passes Meta's signature to the backend on the webhook, the only call whose contract carries it", async () => {
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const signature = `sha256=${"ab".repeat(32)}`;
    const webhook = await proxied("/api/whatsapp/webhook", { method: "POST", headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature }, body });
    const { data } = await webhook.json<{ data: EchoedRequest }>();
    expect(data).toMatchObject({ method: "POST", path: "/api/whatsapp/webhook", body });
    expect(data.headers["x-hub-signature-256"]).toBe(signature);
    const other = await proxied("/api/client_errors", { method: "POST", headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature }, body: "{}" });
    expect((await other.json<{ data: EchoedRequest }>()).data.headers["x-hub-signature-256"]).toBeUndefined();
  });

  // (A whole segment spelled ".%2e" is a dot segment to the URL parser, resolved before the Worker sees the path.)
  it.each([
    "/api/users/..%2fadmin/staff",
    "/api/users/..%2Fadmin",
    "/api/users%5c..%5cadmin",
    "/api/users/%2e%2e%2fadmin",
    "/api/users/x%2e%2e",
    "/api/users/%252e%252e/admin",
    "/api/users/..;/admin/staff",
  ])("refuses the traversal %s before it reaches the backend", async (path) => {
    const response = await proxied(path, { headers: { Authorization: "Bearer t" } });
    expect(response.status, path).toBe(400);
    expect(await response.json()).toEqual({ error: "This address is not allowed.", code: "BAD_REQUEST" });
  });

  it.each([
    ["a plain-http backend elsewhere", { AGENCY_API_URL: "http://backend.example/api" }, "AGENCY_API_URL must be an https:// address"],
    ["no shared key", { AGENCY_API_KEY: "" }, "AGENCY_API_KEY must be set to at least 32 characters"],
    ["a short shared key", { AGENCY_API_KEY: "short" }, "AGENCY_API_KEY must be set to at least 32 characters"],
  ])("refuses to run with %s, loudly, and sends nothing", async (_name, overrides, reason) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await proxied("/api/users/current", { headers: { Authorization: "Bearer t" } }, overrides);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Something went wrong. Please try again later.", code: "INTERNAL" });
    expect(logged.mock.calls.some(([text]) => String(text).includes(reason))).toBe(true);
  });

  it("accepts plain http only on this machine", async () => {
    const port = new URL(backend).port;
    for (const base of [`http://127.0.0.1:${port}/api`, `http://localhost:${port}/api/`]) {
      const response = await proxied("/api/stars", {}, { AGENCY_API_URL: base });
      expect(response.status, base).toBe(200);
      expect((await response.json<{ data: EchoedRequest }>()).data.path).toBe("/api/stars");
    }
  });
});
