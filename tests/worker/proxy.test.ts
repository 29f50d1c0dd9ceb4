import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import app from "../../worker/app.ts";
import type { EchoedRequest } from "./setup/agency-backend-stand-in.ts";

// Proxy mode against a real local HTTP server standing in for an external
// agency backend (tests/worker/setup/agency-backend-stand-in.ts).

const backend = inject("agencyBackendUrl");

async function proxied(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`https://agency.example${path}`, init, { ...env, AGENCY_API_URL: `${backend}/api`, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("proxy mode", () => {
  it("forwards method, path, query, body and Authorization, adds the client address and the request id", async () => {
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
    expect(data.headers).toMatchObject({ authorization: "Bearer member-token", "content-type": "application/json", "x-forwarded-for": "203.0.113.5", "x-request-id": "req-42", "x-forwarded-host": "agency.example" });
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
    expect((await proxied("/api/status/418")).status).toBe(418);
  });

  it("answers 504 in the error shape when the backend does not answer in time", async () => {
    const response = await proxied("/api/slow", {}, { AGENCY_API_TIMEOUT_MS: "300" });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: "The agency server did not answer in time. Please try again.", code: "GATEWAY_TIMEOUT" });
  });

  it("answers 502 in the error shape when the backend cannot be reached", async () => {
    const response = await proxied("/api/stars", {}, { AGENCY_API_URL: "http://127.0.0.1:9/api" });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "The agency server cannot be reached. Please try again later.", code: "BAD_GATEWAY" });
  });

  it("leaves pages and photos to the Worker", async () => {
    const response = await proxied("/og/default.jpg");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
  });
});
