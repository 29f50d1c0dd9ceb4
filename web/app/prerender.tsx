import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import type { Language } from "#shared/i18n/language.ts";
import { AGENCY_NAME_PLACEHOLDER, AGENCY_PHONE_PLACEHOLDER } from "#shared/page-placeholders.ts";
import type { RenderedPage } from "#shared/prerendered-pages.ts";
import { LinkSplash } from "../features/auto-login/components/link-splash.tsx";
import { presetAgency } from "../lib/agency.ts";
import { activateLanguage, onMissingMessage } from "../lib/i18n.ts";
import { takeRenderedTitle } from "../lib/page-title.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { membersFrame } from "./members-frame.tsx";
import { SIGNS_IN } from "./nav-bar.tsx";
import { routes, screen } from "./router.tsx";
import type { Screen } from "./screen-messages.ts";

// The build renders the screens that depend on nothing but their path into
// their HTML pages (vite.config.ts, ADR 0031), so a phone on a slow network
// paints them before the JavaScript arrives; main.tsx hydrates them with the
// same components. Runs in Node, at build time only.

// A page must not carry a message id in place of its text: a message whose
// catalogue part the screen does not load fails the build (ADR 0040).
const missingMessages: string[] = [];
onMissingMessage((id, language) => missingMessages.push(`${id} (${language})`));

/** `path` rendered in `language`, with the agency's placeholders for the Worker to fill. */
export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  return render(routes, path, language);
}

/**
 * An auto-login page's first paint in `language` (components/link-splash.tsx):
 * its screen in the members' frame, which the application replaces rather
 * than adopts (app/start-application.tsx).
 */
export async function renderLinkSplash(path: Screen, language: Language): Promise<RenderedPage> {
  const splash = membersFrame({ anonymous: [{ path, handle: SIGNS_IN, lazy: screen(path, async () => LinkSplash) }], member: [] });
  return render([splash], `/${path}`, language);
}

async function render(tree: RouteObject[], path: string, language: Language): Promise<RenderedPage> {
  presetAgency({ name: AGENCY_NAME_PLACEHOLDER, phone: AGENCY_PHONE_PLACEHOLDER });
  await activateLanguage(language);
  const handler = createStaticHandler(tree);
  const context = await handler.query(new Request(`https://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} redirects`);
  // A page that would show the error screen must fail the build instead.
  const [failure] = Object.values(context.errors ?? {});
  if (failure !== undefined) throw failure;
  const router = createStaticRouter(handler.dataRoutes, context);
  // As AppProviders in main.tsx, with a client of its own that is emptied
  // afterwards: its queries' clean-up timers would keep the build running.
  const queryClient = createQueryClient();
  try {
    // prerender, unlike renderToString, waits for the code a screen loads
    // lazily (the date picker), so no part is left for the browser to render.
    const { prelude } = await prerender(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* No inline hydration script: the CSP allows none, and these screens have no loaders. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
      // Every part in place: React would otherwise move a large part that
      // waited for its code (the registration form, ADR 0031) to the end of
      // the page, with an inline script to put it back that the CSP refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const markup = await new Response(prelude).text();
    if (missingMessages.length > 0) throw new Error(`prerender: ${path} shows messages without their catalogue part (web/app/screen-messages.ts): ${missingMessages.join(", ")}`);
    const title = takeRenderedTitle();
    if (title === undefined) throw new Error(`prerender: ${path} sets no page title (usePageTitle)`);
    return { markup, title };
  } finally {
    queryClient.clear();
  }
}
