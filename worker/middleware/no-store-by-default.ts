import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * API answers are about a member or a moment, and families share phones: a
 * browser or proxy keeps none of them unless the route says it may (the
 * fixed data of ADR 0029 does). docs/security.md, "Trust boundaries".
 */
export function noStoreByDefault(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  };
}
