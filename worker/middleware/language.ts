import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { requestLanguage } from "../lib/i18n.ts";

/**
 * The language the request is read in (ADR 0040), for every text the Worker
 * answers with: its errors, its validation messages, the language a new
 * member registers with.
 */
export function language(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("language", requestLanguage(c.req.raw.headers));
    await next();
  };
}
