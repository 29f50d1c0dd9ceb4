import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { LinkPageInput, RenderLinkPage, RenderSearchPage, RenderViewedByPage, SearchPageInput, ViewedByPageInput } from "#shared/edge-render.ts";
import type { RenderedPage } from "#shared/prerendered-pages.ts";
import { SEARCH_LISTS } from "#shared/search-lists.ts";
import { keepViewedByPage } from "../features/interests/lib/viewed-by-page-data.ts";
import { ViewedByProfilesRoute } from "../features/interests/routes/viewed-by-profiles.tsx";
import { PublicProfilesRoute } from "../features/public-profiles/routes/public-profiles.tsx";
import { presetSentWithPage } from "../features/public-profiles/lib/edge-answers.ts";
import { keepSearchPage } from "../features/search/lib/search-page-data.ts";
import { SEARCH_LISTS_QUERY_KEY } from "../features/search/lib/search-lists.ts";
import { SearchRoute } from "../features/search/routes/search.tsx";
import { DETAILS_OPEN_FOR } from "../components/profile-card/profile-card.tsx";
import { presetAgency } from "../lib/agency.ts";
import { activateLanguage, loadMessages } from "../lib/i18n.ts";
import { takeRenderedTitle } from "../lib/page-title.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { keepReferenceLists } from "../lib/reference-lists.ts";
import { setRenderedSignedIn } from "../lib/use-has-token.ts";
import { membersFrame } from "./members-frame.tsx";
import { SCREEN_MESSAGES, type Screen } from "./screen-messages.ts";

// The Worker renders a /link page's list (ADR 0031) and a signed-in member's
// /search (ADR 0041) and /viewed_by_profiles (ADR 0042) into their HTML: on a slow phone the screen is painted
// with the page, before the application's code has run, and the browser
// hydrates it with the same components. Bundled into the Worker (package.json
// "imports" `#edge-render`), so it names its screens directly rather than
// through web/app/router.tsx, whose lazy imports would bring every screen into
// the Worker, in the same frame (members-frame.tsx).

const handler = createStaticHandler([
  membersFrame({
    anonymous: [{ path: "link", Component: PublicProfilesRoute }],
    member: [
      { path: "search", Component: SearchRoute },
      { path: "viewed_by_profiles", Component: ViewedByProfilesRoute },
    ],
  }),
]);

// One isolate serves many requests, and the language and the page's data are
// the web modules' globals: one render at a time, each from its language's
// activation to its markup.
let previous: Promise<unknown> = Promise.resolve();

function oneAtATime<Result>(render: () => Promise<Result>): Promise<Result> {
  const rendered = previous.then(render);
  previous = rendered.catch(() => undefined);
  return rendered;
}

export const renderLinkPage: RenderLinkPage = (page) =>
  oneAtATime(async () => {
    presetSentWithPage(page.list);
    try {
      return await render(page, "link", () => undefined);
    } finally {
      presetSentWithPage(undefined);
    }
  });

export const renderSearchPage: RenderSearchPage = (page) =>
  renderMemberPage(page, "search", (client) => {
    keepSearchPage(client, page.page);
    keepReferenceLists(client, page.lists, SEARCH_LISTS);
    client.setQueryData(SEARCH_LISTS_QUERY_KEY, page.lists);
  });

export const renderViewedByPage: RenderViewedByPage = (page) => renderMemberPage(page, "viewed_by_profiles", (client) => keepViewedByPage(client, page.page));

/**
 * A member's screen of cards, rendered as the member. A card's details start
 * folded on a phone and open on a wide screen for some tiers
 * (profile-card.tsx): the Worker does not know the screen, so a page with
 * such cards is left to the browser, which draws it at once from the same answers.
 */
function renderMemberPage(page: SearchPageInput | ViewedByPageInput, screen: Screen, seed: (client: QueryClient) => void): Promise<RenderedPage | undefined> {
  return oneAtATime(async () => {
    if (page.page.list.profiles.length > 0 && DETAILS_OPEN_FOR.has(page.page.user.profileLimits.profileType)) return undefined;
    setRenderedSignedIn(true);
    try {
      return await render(page, screen, seed);
    } finally {
      setRenderedSignedIn(false);
    }
  });
}

async function render({ url, language, agency }: LinkPageInput | SearchPageInput | ViewedByPageInput, screen: Screen, seed: (client: QueryClient) => void): Promise<RenderedPage> {
  presetAgency(agency);
  await loadMessages(SCREEN_MESSAGES[screen]);
  await activateLanguage(language);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`edge-render: ${url} redirects`);
  const [failure] = Object.values(context.errors ?? {});
  if (failure !== undefined) throw failure;
  const router = createStaticRouter(handler.dataRoutes, context);
  // As AppProviders in the browser, with a client of its own, emptied after.
  const queryClient = createQueryClient();
  seed(queryClient);
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
    if (title === undefined) throw new Error(`edge-render: the ${screen} screen set no page title`);
    return { markup, title };
  } finally {
    queryClient.clear();
  }
}
