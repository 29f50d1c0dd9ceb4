import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../env.ts";
import { clientNetwork } from "../lib/client-network.ts";
import { ApiError, text } from "../lib/errors.ts";

// Throttling per client network (an IPv4 address, an IPv6 /64) with the
// Workers Rate Limiting binding (ADR 0014,
// ADR 0024). Which limit guards which calls is configured in one place,
// worker/app.ts; the numbers are in wrangler.toml.

export type RateLimitBinding = "SIGN_IN_LIMIT" | "LINK_SIGN_IN_LIMIT" | "REGISTRATION_LIMIT" | "INTEREST_LIMIT" | "CODE_LIMIT" | "API_LIMIT" | "LINK_PAGE_LIMIT" | "PRIVACY_LIMIT";

/** The address Cloudflare saw; behind Cloudflare, CF-Connecting-IP cannot be forged by the client. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** Counts the request against `binding`'s limit for its client network; false once the limit is reached. */
export async function withinLimit(c: AppContext, binding: RateLimitBinding): Promise<boolean> {
  return (await c.env[binding].limit({ key: clientNetwork(clientAddress(c.req.raw)) })).success;
}

export function rateLimit(binding: RateLimitBinding, periodSeconds = 60): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await withinLimit(c, binding))) {
      const tooMany = text("server.tooManyRequests");
      // Sign-in screens show `err` (§ "8. Error catalogue"); other screens show `error`.
      throw new ApiError(429, "TOO_MANY_REQUESTS", tooMany, { err: tooMany }, { "Retry-After": String(periodSeconds) });
    }
    await next();
  };
}
