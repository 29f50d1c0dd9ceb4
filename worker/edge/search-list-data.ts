import { autoLoginKindAt, readAutoLoginPayload } from "#shared/links.ts";
import { SEARCH_LISTS, SEARCH_LISTS_DATA_ID } from "#shared/search-lists.ts";
import { config, type AppContext } from "../env.ts";
import { isLinkPreviewCrawler } from "../lib/link-analytics.ts";
import { isHtml, jsonDataElement, referenceListAnswers } from "./page-answers.ts";
import { withMemberPage } from "./member-page-data.ts";
import { memberSearchPage } from "./search-page-data.ts";

// The pages that open /search carry the reference lists its screen shows
// names from (ADR 0031): on a slow phone the screen would otherwise ask for
// ten lists once it runs, a round trip or two on a connection its scripts
// and fonts hold. The answers are the API's own, from the same routes and
// the same edge cache under the schema's generation (ADR 0029): the lists
// are the same for everyone, so the page carries nothing a visitor's call
// would not get.

/**
 * `page` with the lists at the end of its body, when it opens /search: the
 * page of /search itself, and an auto-login link's page whose link leads
 * there (one without a target profile: § "2. Screens and routes"). Left as it is
 * for a link preview's crawler, which runs no screen, in proxy mode, where
 * the agency backend answers the API (ADR 0003), and when a list did not
 * answer 200.
 */
export async function withSearchLists(c: AppContext, page: Response): Promise<Response> {
  if (!isHtml(page) || !opensSearch(new URL(c.req.url)) || isLinkPreviewCrawler(c.req.header("User-Agent")) || config(c.env).agencyBackend) return page;
  const lists = await referenceListAnswers(c, SEARCH_LISTS);
  if (!lists) return page;
  const element = jsonDataElement(SEARCH_LISTS_DATA_ID, lists);
  const rewriter = new HTMLRewriter().on("body", { element: (body) => void body.append(element, { html: true }) });
  // A signed-in member's /search comes with the member's screen (ADR 0041).
  return withMemberPage(page, rewriter, await memberSearchPage(c, lists));
}

function opensSearch(url: URL): boolean {
  if (url.pathname === "/search") return true;
  if (autoLoginKindAt(url.pathname) === undefined) return false;
  const payload = readAutoLoginPayload(url.searchParams.get("link"));
  return payload !== undefined && payload.iPid === undefined;
}
