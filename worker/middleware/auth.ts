import { createMiddleware } from "hono/factory";
import { isSessionLive } from "../db/sessions.ts";
import { getStaffOfSession } from "../db/staff.ts";
import { config, type AppContext, type AppEnv, type MemberEnv, type SessionMember, type StaffEnv } from "../env.ts";
import { ApiError, unauthenticated } from "../lib/errors.ts";
import { forgetAllSummaries, forgetMemberSummary, liveSessionClock, rememberSession, rememberedSession } from "../lib/live-sessions.ts";
import { isReadRequest } from "../lib/read-requests.ts";
import { STAFF_AUDIENCE, verifySessionToken } from "../lib/session-token.ts";
import { primaryDb } from "./d1-session.ts";

/**
 * Requires a member's bearer token whose session is still live, and puts the
 * member on the context. Every failure answers the same 401, so a caller
 * learns nothing about why a token was refused. A session found live is
 * taken as live for a few seconds more (ADR 0029).
 */
export function requireMember() {
  return createMiddleware<AppEnv & MemberEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    const member = rememberedSession(token) ?? (await liveMemberOf(c, token));
    c.set("member", member);
    await next();
    // What the member changed shows in their next users/current.
    if (!isReadRequest(c.req.method)) forgetMemberSummary(member.pid);
  });
}

/** The token's signature, then its session and member in D1. */
async function liveMemberOf(c: AppContext, token: string): Promise<SessionMember> {
  const checkedAt = liveSessionClock.now();
  const claims = await verifySessionToken(token, config(c.env).sessionSecret);
  if (!claims || !(await isLiveOnReplicaOrPrimary(c, claims.sessionId, claims.pid))) throw unauthenticated();
  const member = { pid: claims.pid, sessionId: claims.sessionId };
  rememberSession(token, member, checkedAt);
  return member;
}

/**
 * The request's replica may not have a session begun a moment ago in
 * another tab, and a refusal signs the member out: it is confirmed on the
 * primary (ADR 0032).
 */
async function isLiveOnReplicaOrPrimary(c: AppContext, sessionId: string, pid: number): Promise<boolean> {
  const now = new Date();
  return (await isSessionLive(c.env.DB, sessionId, pid, now)) || isSessionLive(primaryDb(c), sessionId, pid, now);
}

function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) throw unauthenticated();
  return match[1];
}

/**
 * Requires a staff token (its own audience: a member's token never passes)
 * whose session is live and whose account is active; `owner` limits a call
 * to owners. Checked in D1 on every call: staff are few, and their sessions
 * and roles must end and change at once (ADR 0029).
 */
export function requireStaff(role: "staff" | "owner" = "staff") {
  return createMiddleware<AppEnv & StaffEnv>(async (c, next) => {
    const claims = await verifySessionToken(bearerToken(c.req.header("Authorization")), config(c.env).sessionSecret, STAFF_AUDIENCE);
    const staff = claims ? await getStaffOfSession(c.env.DB, claims.sessionId, claims.pid, new Date()) : null;
    if (!claims || !staff) throw unauthenticated();
    if (role === "owner" && staff.role !== "owner") throw new ApiError(403, "FORBIDDEN", "Only an owner of the agency may do this.");
    c.set("staff", { id: staff.id, role: staff.role, sessionId: claims.sessionId });
    await next();
    // Staff may have changed any member: every summary is read again.
    if (!isReadRequest(c.req.method)) forgetAllSummaries();
  });
}
