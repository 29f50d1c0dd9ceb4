import type { MiddlewareHandler } from "hono";
import { isSessionLive } from "../db/sessions.ts";
import { config, type AppEnv } from "../env.ts";
import { unauthenticated } from "../lib/errors.ts";
import { verifySessionToken } from "../lib/session-token.ts";

/**
 * Requires a member's bearer token whose session is still live, and puts the
 * member on the context. Every failure answers the same 401, so a caller
 * learns nothing about why a token was refused.
 */
export function requireMember(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthenticated();
    const claims = await verifySessionToken(match[1], config(c.env).sessionSecret);
    if (!claims || !(await isSessionLive(c.env.DB, claims.sessionId, claims.pid, new Date()))) throw unauthenticated();
    c.set("member", { pid: claims.pid, sessionId: claims.sessionId });
    await next();
  };
}
