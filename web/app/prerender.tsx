import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { Language } from "#shared/i18n/language.ts";
import { AGENCY_NAME_PLACEHOLDER, AGENCY_PHONE_PLACEHOLDER } from "#shared/page-placeholders.ts";
import { presetAgency } from "../lib/agency.ts";
import { activateLanguage } from "../lib/i18n.ts";
import { LanguageProvider } from "../lib/i18n-react.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { routes } from "./router.tsx";

// The build renders the screens that depend on nothing but their path into
// their HTML pages (vite.config.ts, ADR 0031), so a phone on a slow network
// paints them before the JavaScript arrives; main.tsx hydrates them with the
// same components. Runs in Node, at build time only.

/** The markup of #root for `path` in `language`, with the agency's placeholders for the Worker to fill. */
export async function renderPage(path: string, language: Language): Promise<string> {
  presetAgency({ name: AGENCY_NAME_PLACEHOLDER, phone: AGENCY_PHONE_PLACEHOLDER });
  await activateLanguage(language);
  const handler = createStaticHandler(routes);
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
        <LanguageProvider>
          <QueryClientProvider client={queryClient}>
            {/* No inline hydration script: the CSP allows none, and these screens have no loaders. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </LanguageProvider>
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    queryClient.clear();
  }
}
