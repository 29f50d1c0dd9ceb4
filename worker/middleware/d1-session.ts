import type { MiddlewareHandler } from "hono";
import { useDatabase, type AppContext, type AppEnv } from "../env.ts";
import { isReadRequest } from "../lib/read-requests.ts";

// Every built-in /api request reads through one D1 session (ADR 0032): from
// the nearest read replica that is at least as new as the bookmark the
// client sent, so a member always sees their own writes, and the answer
// carries the session's newest bookmark for the client's next request.

/** The request and response header that carries a D1 bookmark. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/**
 * What D1 hands out: groups of hex digits joined by dashes (locally
 * `00000000-00000019-00000000-<32 hex digits>`), compared as strings to tell
 * older from newer. Anything else is not passed to D1.
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}(?:-[0-9a-f]{8}){2,6}-[0-9a-f]{32,64}$/i;

/**
 * Reads that must see every write made before the request began, whoever
 * made it: staff act on what they see and their sessions and roles change at
 * once (ADR 0029), and a profile taken off public pages leaves the teaser at
 * once (ADR 0017).
 */
const PRIMARY_PATHS = ["/api/admin/", "/api/profile_teaser/"];

/** The primary binding of each request whose c.env.DB is a session, for the reads that must not trust a replica. */
const primaries = new WeakMap<Request, D1Database>();

export function d1Session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const primary = c.env.DB;
    const session = primary.withSession(sessionStart(c));
    primaries.set(c.req.raw, primary);
    useDatabase(c, sessionDatabase(primary, session));
    await next();
    const bookmark = session.getBookmark();
    if (bookmark !== null) c.header(BOOKMARK_HEADER, bookmark);
  };
}

/** A bookmark as D1 issues them, or null for a missing or malformed header. */
export function usableBookmark(header: string | undefined): string | null {
  const value = header?.trim();
  return value && BOOKMARK_SHAPE.test(value) ? value : null;
}

/**
 * Where the request's first query goes. A write, and every read on its way
 * to one, starts at the primary, which is newer than any bookmark. A read
 * starts at a replica as new as the client's bookmark, or anywhere when the
 * client has none; a header that is not a bookmark is ignored and the read
 * starts at the primary, which is never too old.
 */
function sessionStart(c: AppContext): D1SessionBookmark | D1SessionConstraint {
  if (!isReadRequest(c.req.method) || PRIMARY_PATHS.some((path) => c.req.path.startsWith(path))) return "first-primary";
  const header = c.req.header(BOOKMARK_HEADER);
  if (header === undefined) return "first-unconstrained";
  return usableBookmark(header) ?? "first-primary";
}

/**
 * The session as the D1Database the rest of the Worker takes. Statements
 * and batches run in the session; `exec` and `dump` (neither used by a
 * route) on the primary; a nested session is a session of the primary.
 */
function sessionDatabase(primary: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query) => primary.exec(query),
    dump: () => primary.dump(),
    withSession: (constraintOrBookmark) => primary.withSession(constraintOrBookmark),
  };
}

/**
 * The primary itself, for a read that must not come from a replica even
 * when the client's bookmark allows one (ADR 0032); c.env.DB where the
 * request has no session.
 */
export function primaryDb(c: AppContext): D1Database {
  return primaries.get(c.req.raw) ?? c.env.DB;
}

/** Runs the rest of the request on the primary (ADR 0032). */
export function readAtPrimary(c: AppContext): void {
  useDatabase(c, primaryDb(c));
}
