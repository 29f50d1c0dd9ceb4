import { matchRoutes } from "react-router";
import { routes } from "#web/app/router.tsx";

/**
 * Starts loading the code and messages of the screens at `path` without
 * showing them: an auto-login link fetches its destination while the server
 * signs the member in (ADR 0031). A failure is left to the navigation, which
 * loads them again and shows it. Here rather than beside the routes: only
 * these pages use it, and the router is part of every page's first load.
 */
export function preloadScreens(path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === "function") void route.lazy().catch(() => undefined);
  }
}
