import { inspectRoutes } from "hono/dev";
import app from "#worker/app.ts";

// Every method and path the Worker answers, read from the app itself, so
// that the security suite covers a route the day it is added (ADR 0027).

/** "GET /api/users/:pid{[0-9]+}": the method and the path exactly as Hono registered them. */
export type RouteKey = `${string} /${string}`;

/**
 * The app's routes without its middleware: Hono lists a `.use()` as a
 * route of method ALL, and a guard such as requireMember() as one more
 * entry of its route; both take `next`, which a handler does not. A real
 * `.all()` route (the API's 404 for unknown paths) stays.
 */
export function appRoutes(): RouteKey[] {
  const keys = inspectRoutes(app)
    .filter((route) => !route.isMiddleware)
    .map((route): RouteKey => `${route.method} ${route.path}` as RouteKey);
  return [...new Set(keys)];
}

export function pathOf(key: RouteKey): string {
  return key.slice(key.indexOf(" ") + 1);
}
