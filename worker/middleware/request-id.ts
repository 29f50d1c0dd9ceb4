import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

const HEADER = "X-Request-Id";

/** What a caller may send as its own id: short, and only characters that cannot break a log line. */
const CLIENT_ID = /^[\w=-]{1,128}$/;

/**
 * Every request gets an id of the Worker's own making, on the response and
 * in every log line, so a log can be trusted to name one request (ADR 0026).
 * An id the caller sent is kept apart, as `clientRequestId`, for a caller
 * correlating its own logs; it never replaces ours. The header is also
 * written onto responses a handler returns ready-made (static assets,
 * proxied calls), which the context's headers do not reach.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = crypto.randomUUID();
    c.set("requestId", id);
    const sent = c.req.header(HEADER);
    c.set("clientRequestId", sent !== undefined && CLIENT_ID.test(sent) ? sent : undefined);
    await next();
    c.res.headers.set(HEADER, id);
  };
}
