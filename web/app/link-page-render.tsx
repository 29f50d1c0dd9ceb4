import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import type { LinkPageInput, RenderLinkPage } from "#shared/link-page-render.ts";
import type { RenderedPage } from "#shared/prerendered-pages.ts";
import { PageLoading } from "../components/ui/page-loading.tsx";
import { PublicProfilesRoute } from "../features/public-profiles/routes/public-profiles.tsx";
import { presetSentWithPage } from "../features/public-profiles/lib/edge-answers.ts";
import { presetAgency } from "../lib/agency.ts";
import { activateLanguage, loadMessages } from "../lib/i18n.ts";
import { takeRenderedTitle } from "../lib/page-title.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { ErrorPage } from "./error-page.tsx";
import { Layout } from "./layout.tsx";
import { SCREEN_MESSAGES } from "./screen-messages.ts";

// The Worker renders a /link page's list into its HTML (ADR 0031): on a slow
// phone the cards are painted with the page, before the application's code
// has run, and the browser hydrates them with the same components. Bundled
// into the Worker (package.json "imports" `#link-page-render`), so it names
// the /link screen directly rather than through web/app/router.tsx, whose
// lazy imports would bring every screen into the Worker: the same nesting
// as router.tsx (the layout, the screens' error boundary, the screen), which
// is what React's ids and the router's markup depend on.

const linkRoutes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    errorElement: <ErrorPage standalone />,
    children: [{ errorElement: <ErrorPage />, HydrateFallback: PageLoading, children: [{ path: "link", Component: PublicProfilesRoute }] }],
  },
];
const handler = createStaticHandler(linkRoutes);

// One isolate serves many requests, and the language and the page's data are
// the web modules' globals: one render at a time, each from its language's
// activation to its markup.
let previous: Promise<unknown> = Promise.resolve();

export const renderLinkPage: RenderLinkPage = (page) => {
  const rendered = previous.then(() => render(page));
  previous = rendered.catch(() => undefined);
  return rendered;
};

async function render({ url, language, agency, list }: LinkPageInput): Promise<RenderedPage> {
  presetAgency(agency);
  await loadMessages(SCREEN_MESSAGES.link);
  await activateLanguage(language);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`link-page-render: ${url} redirects`);
  const [failure] = Object.values(context.errors ?? {});
  if (failure !== undefined) throw failure;
  const router = createStaticRouter(handler.dataRoutes, context);
  // As AppProviders in the browser, with a client of its own, emptied after.
  const queryClient = createQueryClient();
  presetSentWithPage(list);
  try {
    // renderToString: nothing here suspends (the screen's code and messages
    // are loaded above), and it writes no inline script, which the CSP refuses.
    const markup = renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
    );
    const title = takeRenderedTitle();
    if (title === undefined) throw new Error("link-page-render: the screen set no page title");
    return { markup, title };
  } finally {
    presetSentWithPage(undefined);
    queryClient.clear();
  }
}
