import type { MiddlewareHandler } from "hono";
import { isSessionLive } from "../db/sessions.ts";
import { getStaffOfSession } from "../db/staff.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError, unauthenticated } from "../lib/errors.ts";
import { STAFF_AUDIENCE, verifySessionToken } from "../lib/session-token.ts";

/**
 * Requires a member's bearer token whose session is still live, and puts the
 * member on the context. Every failure answers the same 401, so a caller
 * learns nothing about why a token was refused.
 */
export function requireMember(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await verifySessionToken(bearerToken(c.req.header("Authorization")), config(c.env).sessionSecret);
    if (!claims || !(await isSessionLive(c.env.DB, claims.sessionId, claims.pid, new Date()))) throw unauthenticated();
    c.set("member", { pid: claims.pid, sessionId: claims.sessionId });
    await next();
  };
}

function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) throw unauthenticated();
  return match[1];
}

/**
 * Requires a staff token (its own audience: a member's token never passes)
 * whose session is live and whose account is active; `owner` limits a call
 * to owners.
 */
export function requireStaff(role: "staff" | "owner" = "staff"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await verifySessionToken(bearerToken(c.req.header("Authorization")), config(c.env).sessionSecret, STAFF_AUDIENCE);
    const staff = claims ? await getStaffOfSession(c.env.DB, claims.sessionId, claims.pid, new Date()) : null;
    if (!claims || !staff) throw unauthenticated();
    if (role === "owner" && staff.role !== "owner") throw new ApiError(403, "FORBIDDEN", "Only an owner of the agency may do this.");
    c.set("staff", { id: staff.id, role: staff.role, sessionId: claims.sessionId });
    await next();
  };
}
