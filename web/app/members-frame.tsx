import type { RouteObject } from "react-router";
import { PageLoading } from "../components/ui/page-loading.tsx";
import { ErrorPage } from "./error-page.tsx";
import { Layout } from "./layout.tsx";
import { RequireAuth } from "./require-auth.tsx";

/**
 * The members' frame around every screen but the agency console's: the
 * layout, the screens' error boundary, and the route guard around a member's
 * screens. The browser's router (router.tsx) and the Worker's renderer
 * (edge-render.tsx) both build their routes with it: React's ids and the
 * router's markup depend on this nesting, so a page the Worker renders is
 * adopted by the browser only when both nest alike.
 */
export function membersFrame({ anonymous, member, others = [] }: { anonymous: RouteObject[]; member: RouteObject[]; others?: RouteObject[] }): RouteObject {
  return {
    path: "/",
    Component: Layout,
    // Only when the layout itself fails; screens fail inside the layout below.
    errorElement: <ErrorPage standalone />,
    children: [
      {
        // Keeps the navigation bar on screen when a screen fails, and shows the
        // layout around the first screen while its code loads.
        errorElement: <ErrorPage />,
        HydrateFallback: PageLoading,
        children: [...anonymous, { Component: RequireAuth, children: member }, ...others],
      },
    ],
  };
}
