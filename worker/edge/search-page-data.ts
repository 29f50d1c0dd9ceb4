import { Hono } from "hono";
import { parse } from "hono/utils/cookie";
import type { CurrentUser, ProfilePage } from "#shared/api-types.ts";
import { isLanguage, languageFromCookie, type Language } from "#shared/i18n/language.ts";
import { PAGE_SESSION_COOKIE, PAGE_SESSION_PATH } from "#shared/page-session.ts";
import type { RenderedPage } from "#shared/prerendered-pages.ts";
import { SEARCH_PAGE_DATA_ID, type SearchLists, type SearchPageData } from "#shared/search-lists.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { requestLanguage } from "../lib/i18n.ts";
import { withinLimit } from "../middleware/rate-limit.ts";
import search from "../routes/search.ts";
import users from "../routes/users.ts";
import { holdPreloadsUntilPainted, jsonDataElement, memberAnswer, pageApi } from "./page-answers.ts";

// A signed-in member's /search, opened without a search in its address (from
// the home screen, a bookmark, a reload, after signing in), comes rendered
// (ADR 0041): on a slow phone the member's screen is painted with the page
// instead of after the application's code, `users/current` and the list's
// first page, one after another. The browser's stored session reaches the
// Worker as the page-session cookie (shared/page-session.ts), and the answers
// are the API's own for that token, through the same routes, its session
// check and its revocation included: the page shows nothing the member's own
// calls would not.

// As worker/app.ts mounts them: the members' routes under /api/users, the search routes at /api.
const usersApi = pageApi(new Hono<AppEnv>().route("/users", users), "search_page_user_failed");
const searchApi = pageApi(search, "search_page_list_failed");

/** The simple list's first page, as the screen asks for it first (web/features/search/lib/search-query.ts DEFAULT_SEARCH_STATE). */
const FIRST_LIST_PAGE = "/api/Simple_Search_Profiles?page=1&order=tier";

export interface SearchPage {
  /** Adds the page's markup, title and language, and the data it was rendered from; none for a cookie the API refused. */
  rewrite?: (rewriter: HTMLRewriter) => void;
  /** The member's page is kept by no cache and differs by cookie; a refused cookie is emptied. */
  headers: Record<string, string>;
}

/**
 * What /search's page adds for the member whose page session the request
 * carries, or undefined: for a search in the address (the screen asks for
 * it), a page session the API refuses (the cookie is emptied; the screen
 * finds the session ended as before), a client over the API's rate limit,
 * since a page costs what the screen's own calls would, or a screen the
 * Worker cannot draw as the browser will (`renderSearchPage`).
 */
export async function memberSearchPage(c: AppContext, lists: SearchLists): Promise<SearchPage | undefined> {
  const url = new URL(c.req.url);
  const token = parse(c.req.header("Cookie") ?? "", PAGE_SESSION_COOKIE)[PAGE_SESSION_COOKIE];
  if (url.pathname !== PAGE_SESSION_PATH || url.search !== "" || !token) return undefined;
  if (!(await withinLimit(c, "API_LIMIT"))) return undefined;
  const [user, list] = await Promise.all([memberAnswer<CurrentUser>(usersApi, c, "/api/users/current", token), memberAnswer<ProfilePage>(searchApi, c, FIRST_LIST_PAGE, token)]);
  if (!("data" in user) || !("data" in list)) {
    // Refused, not failed for the moment: the same token would be refused again, so the next page does not ask.
    const refused = [user, list].some((answer) => "status" in answer && answer.status === 401);
    return refused ? { headers: { "Set-Cookie": `${PAGE_SESSION_COOKIE}=; Path=${PAGE_SESSION_PATH}; Max-Age=0; SameSite=Lax` } } : undefined;
  }
  const data: SearchPageData = { user: user.data, list: list.data };
  const language = renderLanguage(c, data.user);
  const rendered = language && (await render(c, { lists, data, language }));
  // The data goes only with its markup: the browser takes the member from it
  // while it adopts the markup, and asks the API itself for a page it draws.
  if (!rendered || !language) return undefined;
  return {
    rewrite(rewriter) {
      rewriter.on("body", { element: (body) => void body.append(jsonDataElement(SEARCH_PAGE_DATA_ID, data), { html: true }) });
      rewriter.on("html", { element: (html) => void html.setAttribute("lang", language) });
      rewriter.on("title", { element: (title) => void title.setInnerContent(rendered.title) });
      rewriter.on("div#root", { element: (root) => void root.setInnerContent(rendered.markup, { html: true }) });
      holdPreloadsUntilPainted(rewriter);
    },
    headers: { "Cache-Control": "private, no-store", Vary: "Cookie, Accept-Language" },
  };
}

/**
 * The language the browser's first render will use: the device's (the `lang`
 * cookie, else Accept-Language). A device without a choice of its own
 * follows the profile's language once the member is known
 * (web/lib/member-language.ts): where that differs, the browser draws the
 * page itself, in the profile's language.
 */
function renderLanguage(c: AppContext, user: CurrentUser): Language | undefined {
  const language = requestLanguage(c.req.raw.headers);
  const follows = languageFromCookie(c.req.header("Cookie")) === null && isLanguage(user.language);
  return follows && user.language !== language ? undefined : language;
}

async function render(c: AppContext, page: { lists: SearchLists; data: SearchPageData; language: Language }): Promise<RenderedPage | undefined> {
  const { agencyName, agencyPhone } = config(c.env);
  const url = new URL(c.req.url);
  try {
    // Imported on the first page it renders: React and the screens stay out of the isolate's start-up.
    const { renderSearchPage } = await import("#edge-render");
    return await renderSearchPage({
      url: `${url.origin}${url.pathname}`,
      language: page.language,
      agency: { name: agencyName, phone: agencyPhone },
      lists: page.lists,
      page: page.data,
    });
  } catch (error) {
    console.error(JSON.stringify({ kind: "search_page_render_failed", message: String(error) }));
    return undefined;
  }
}
