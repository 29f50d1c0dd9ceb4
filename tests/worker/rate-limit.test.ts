import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../worker/app.ts";

// The Rate Limiting binding throttles per client address. The sign-in limit
// is swapped for a real limiter of 3 calls a minute (vitest.config.ts).

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

  it("guard the rest of the API with their own limit", async () => {
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
