import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import type { ConsoleScreen } from "../features/agency/routes/console-screens.tsx";
import { PageLoading } from "../components/ui/page-loading.tsx";
import { loadMessages } from "../lib/i18n.ts";
import { ErrorPage } from "./error-page.tsx";
import { membersFrame } from "./members-frame.tsx";
import { SIGNS_IN } from "./nav-bar.tsx";
import { SCREEN_MESSAGES, type Screen } from "./screen-messages.ts";

// Every screen is its own chunk (route `lazy`), so the first load carries only
// the shell and the screen asked for. Routes compose features; this file is
// the only place that knows which feature serves which path (§ "2. Screens and routes").

/**
 * A screen's `lazy`: its code and its messages (web/app/screen-messages.ts),
 * both before it renders, so it never shows a message id (ADR 0040).
 */
export function screen(name: Screen, loadComponent: () => Promise<ComponentType>): RouteObject["lazy"] {
  return async () => {
    const [Component] = await Promise.all([loadComponent(), loadMessages(SCREEN_MESSAGES[name])]);
    return { Component };
  };
}

const anonymousRoutes: RouteObject[] = [
  {
    path: "login",
    lazy: screen("login", async () => (await import("../features/auth/routes/login.tsx")).LoginRoute),
  },
  {
    path: "new_registration",
    lazy: screen("new_registration", async () => (await import("../features/registration/routes/new-registration.tsx")).NewRegistrationRoute),
  },
  {
    path: "registered",
    lazy: screen("registered", async () => (await import("../features/registration/routes/registered.tsx")).RegisteredRoute),
  },
  {
    path: "forgot_password",
    lazy: screen("forgot_password", async () => (await import("../features/password/routes/forgot-password.tsx")).ForgotPasswordRoute),
  },
  {
    path: "set_password",
    lazy: screen("set_password", async () => (await import("../features/password/routes/set-password.tsx")).SetPasswordRoute),
  },
  ...["request", "Request.aspx"].map(
    (path): RouteObject => ({
      path,
      lazy: screen("request", async () => (await import("../features/phone-request/routes/phone-request.tsx")).PhoneRequestRoute),
    }),
  ),
  {
    path: "profile_link",
    handle: SIGNS_IN,
    lazy: screen("profile_link", async () => (await import("../features/auto-login/routes/profile-link.tsx")).ProfileLinkRoute),
  },
  {
    path: "interest_link",
    handle: SIGNS_IN,
    lazy: screen("interest_link", async () => (await import("../features/auto-login/routes/interest-link.tsx")).InterestLinkRoute),
  },
  {
    path: "whatsapp_link",
    handle: SIGNS_IN,
    lazy: screen("whatsapp_link", async () => (await import("../features/auto-login/routes/whatsapp-link.tsx")).WhatsappLinkRoute),
  },
  {
    path: "new_profiles_link",
    handle: SIGNS_IN,
    lazy: screen("new_profiles_link", async () => (await import("../features/auto-login/routes/new-profiles-link.tsx")).NewProfilesLinkRoute),
  },
  {
    path: "link",
    lazy: screen("link", async () => (await import("../features/public-profiles/routes/public-profiles.tsx")).PublicProfilesRoute),
  },
  {
    path: "privacy",
    lazy: screen("privacy", async () => (await import("../features/privacy/routes/privacy.tsx")).PrivacyRoute),
  },
  {
    path: "profile_deleted",
    lazy: screen("profile_deleted", async () => (await import("../features/privacy/routes/profile-deleted.tsx")).ProfileDeletedRoute),
  },
];

const memberRoutes: RouteObject[] = [
  {
    path: "search",
    lazy: screen("search", async () => (await import("../features/search/routes/search.tsx")).SearchRoute),
  },
  {
    path: "search_id",
    lazy: screen("search_id", async () => (await import("../features/search/routes/search-by-id.tsx")).SearchByIdRoute),
  },
  {
    path: "full_profile",
    lazy: screen("full_profile", async () => (await import("../features/full-profile/routes/full-profile.tsx")).FullProfileRoute),
  },
  {
    path: "viewed_by_profiles",
    lazy: screen("viewed_by_profiles", async () => (await import("../features/interests/routes/viewed-by-profiles.tsx")).ViewedByProfilesRoute),
  },
  {
    path: "viewed_profiles",
    lazy: screen("viewed_profiles", async () => (await import("../features/interests/routes/viewed-profiles.tsx")).ViewedProfilesRoute),
  },
  {
    path: "recommended_profiles",
    lazy: screen("recommended_profiles", async () => (await import("../features/recommended/routes/recommended-profiles.tsx")).RecommendedProfilesRoute),
  },
  {
    path: "whatsapp_profile",
    lazy: screen("whatsapp_profile", async () => (await import("../features/whatsapp-profile/routes/whatsapp-profile.tsx")).WhatsappProfileRoute),
  },
  {
    path: "edit_profile",
    lazy: screen("edit_profile", async () => (await import("../features/edit-profile/routes/edit-profile.tsx")).EditProfileRoute),
  },
  {
    path: "my_data",
    lazy: screen("my_data", async () => (await import("../features/privacy/routes/my-data.tsx")).MyDataRoute),
  },
  {
    path: "delete_profile",
    lazy: screen("delete_profile", async () => (await import("../features/privacy/routes/delete-profile.tsx")).DeleteProfileRoute),
  },
];

/** A console screen: every one comes from the same module, so the console is one chunk. */
function consoleScreen(name: ConsoleScreen): RouteObject["lazy"] {
  return screen("agency", async () => (await import("../features/agency/routes/console-screens.tsx")).consoleScreens[name]);
}

// The agency console (ADR 0018) has its own frame and header: the members'
// navigation bar and footer are not part of it.
const agencyRoutes: RouteObject = {
  path: "/agency",
  lazy: consoleScreen("layout"),
  errorElement: <ErrorPage standalone />,
  HydrateFallback: PageLoading,
  children: [
    {
      errorElement: <ErrorPage />,
      children: [
        { index: true, lazy: consoleScreen("home") },
        { path: "members", lazy: consoleScreen("members") },
        { path: "members/:pid", lazy: consoleScreen("member") },
        { path: "outbox", lazy: consoleScreen("outbox") },
        { path: "public", lazy: consoleScreen("publicPages") },
        { path: "audit", lazy: consoleScreen("auditLog") },
        { path: "access_log", lazy: consoleScreen("accessLog") },
        { path: "data_requests", lazy: consoleScreen("dataRequests") },
        { path: "staff", lazy: consoleScreen("staff") },
        { path: "account", lazy: consoleScreen("account") },
        { path: "*", element: <Navigate to="/agency" replace /> },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  agencyRoutes,
  membersFrame({
    anonymous: anonymousRoutes,
    member: memberRoutes,
    // § "2. Screens and routes": any unknown path redirects to /search.
    others: [
      { index: true, element: <Navigate to="/search" replace /> },
      { path: "*", element: <Navigate to="/search" replace /> },
    ],
  }),
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  openNewScreensAtTop(router);
  return router;
}

/**
 * A new screen opens at its top: a tap low on one screen (Set password and
 * sign in, a card's button) would otherwise leave the next one scrolled as
 * far down, the member in the middle of someone's card (ADR 0015). Only a
 * change of path counts: a screen that changes its own query (/search's
 * pages and filters) places the member itself. Back and forward (POP) and
 * the first load are left where the browser puts them.
 */
function openNewScreensAtTop(router: ReturnType<typeof createBrowserRouter>): void {
  let path = router.state.location.pathname;
  router.subscribe(({ location, historyAction }) => {
    if (location.pathname === path) return;
    path = location.pathname;
    if (historyAction !== "POP") window.scrollTo({ top: 0 });
  });
}
