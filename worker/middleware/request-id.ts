import type { MiddlewareHandler } from "hono";
import { requestId as honoRequestId } from "hono/request-id";
import type { AppEnv } from "../env.ts";

/**
 * Hono's request id, also written onto responses a handler returns as a
 * ready Response (static assets, proxied calls), which Hono's own header
 * only reaches when the handler builds its response through the context.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  const assign = honoRequestId();
  return (c, next) =>
    assign(c, async () => {
      await next();
      c.res.headers.set("X-Request-Id", c.var.requestId);
    });
}
