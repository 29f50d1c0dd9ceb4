// The application, which web/app/start.tsx starts: in the `app` chunk with
// what it imports (vite.config.ts), where no top-level await may wait for a
// screen's code that imports that chunk.
import { StrictMode, type ReactNode } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import { matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import { LINK_SPLASH_ATTRIBUTE } from "#shared/link-splash.ts";
import { deviceLanguage } from "../lib/device-language.ts";
import { activateLanguage, onMissingMessage } from "../lib/i18n.ts";
import { installGlobalErrorReporting, reportClientError } from "../lib/report-error.ts";
import { AppProviders } from "./providers.tsx";
import { createRouter, routes } from "./router.tsx";

const options: RootOptions = {
  // Caught by a route's error element: report with the component stack,
  // which only React knows; the error page skips errors already reported.
  onCaughtError: (error, info) => {
    reportClientError(error, info.componentStack);
    if (import.meta.env.DEV) console.error(error);
  },
  onUncaughtError: (error, info) => {
    reportClientError(error, info.componentStack);
    console.error(error);
  },
};

const app = (router: ReturnType<typeof createRouter>): ReactNode => (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/** Reports errors, then renders the page's screen in the device's language, adopting a prerendered page's markup. */
export async function startApplication(): Promise<void> {
  // § "1. What the product does and for whom": error reporting starts with the application.
  installGlobalErrorReporting();

  // A message whose catalogue part its screen does not load shows as its id
  // (ADR 0040): tests/unit/i18n-parts.test.ts keeps that from happening, and
  // this reports the case it could not see.
  onMissingMessage((id, language) => {
    const error = new Error(`The message ${id} was shown in ${language} without its catalogue part (web/app/screen-messages.ts)`);
    console.error(error);
    reportClientError(error);
  });

  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");

  // The first render is in the device's language: its shell of the
  // catalogue, which the page preloads, is fetched before it, so no other
  // language and no id flashes by (ADR 0040).
  await activateLanguage(deviceLanguage());

  // A page prerendered at build time (ADR 0031) already shows its screen:
  // its code is loaded first, so that the first render is that screen and
  // React adopts the markup instead of replacing it with a loading state.
  // An auto-login page's first paint (ADR 0042) is replaced, not adopted:
  // React clears a container's markup when it first commits, so the page
  // shows it until the link page, loaded first, takes its place.
  if (container.hasAttribute(LINK_SPLASH_ATTRIBUTE)) {
    container.removeAttribute(LINK_SPLASH_ATTRIBUTE);
    await loadMatchedScreens();
    createRoot(container, options).render(app(createRouter()));
  } else if (container.hasChildNodes()) {
    await loadMatchedScreens();
    hydrateRoot(container, app(createRouter()), options);
  } else {
    createRoot(container, options).render(app(createRouter()));
  }
}

/** Replaces the `lazy` of the routes matching this address with what it loads. */
async function loadMatchedScreens(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
