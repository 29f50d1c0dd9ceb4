import { describe, expect, it } from "vitest";
import { API_ROUTES } from "#shared/contract/routes.ts";
import app from "#worker/app.ts";

// Every route under /api has its entry in the contract (shared/contract,
// ADR 0035), and every entry is a route: a route added without one, or
// removed with its entry left behind, fails here. Hono lists middleware as
// routes too: those registered for all methods (`use`) or for a pattern
// (`/profile_teaser/*`, the rate limits) are not routes of their own.

function servedRoutes(): string[] {
  const routes = new Set<string>();
  for (const route of app.routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL" || route.path.includes("*")) continue;
    routes.add(`${route.method} ${route.path.slice("/api".length)}`);
  }
  return [...routes].sort();
}

const contractRoutes = () => API_ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort();

describe("the contract covers the Worker's API", () => {
  it("has an entry for every route the Worker serves under /api", () => {
    const contract = new Set(contractRoutes());
    expect(servedRoutes().filter((route) => !contract.has(route))).toEqual([]);
  });

  it("has no entry for a route the Worker does not serve", () => {
    const served = new Set(servedRoutes());
    expect(contractRoutes().filter((route) => !served.has(route))).toEqual([]);
  });

  it("found the routes (the listing is not empty)", () => {
    expect(servedRoutes().length).toBeGreaterThanOrEqual(100);
  });
});
