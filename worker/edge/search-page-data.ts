import type { ProfilePage } from "#shared/api-types.ts";
import { SEARCH_PAGE_DATA_ID, type SearchLists, type SearchPageData } from "#shared/search-lists.ts";
import { config, type AppContext } from "../env.ts";
import search from "../routes/search.ts";
import { type MemberPage, memberPage } from "./member-page-data.ts";
import { memberAnswer, pageApi } from "./page-answers.ts";

// A signed-in member's /search, rendered by the Worker (ADR 0041,
// member-page-data.ts): the member and the simple list's first page.

// As worker/app.ts mounts them: the search routes at /api.
const searchApi = pageApi(search, "search_page_list_failed");

/** The simple list's first page, as the screen asks for it first (web/features/search/lib/search-query.ts DEFAULT_SEARCH_STATE). */
const FIRST_LIST_PAGE = "/api/Simple_Search_Profiles?page=1&order=tier";

/** /search's page for the member whose page session the request carries (memberPage); `lists` are the reference lists it already carries. */
export function memberSearchPage(c: AppContext, lists: SearchLists): Promise<MemberPage | undefined> {
  const { agencyName, agencyPhone } = config(c.env);
  const url = new URL(c.req.url);
  return memberPage<SearchPageData>(c, {
    dataId: SEARCH_PAGE_DATA_ID,
    async answers(token, user) {
      const list = await memberAnswer<ProfilePage>(searchApi, c, FIRST_LIST_PAGE, token);
      return "data" in list ? { user, list: list.data } : list;
    },
    async render(page, language) {
      // Imported on the first page it renders: React and the screens stay out of the isolate's start-up.
      const { renderSearchPage } = await import("#edge-render");
      return renderSearchPage({ url: `${url.origin}${url.pathname}`, language, agency: { name: agencyName, phone: agencyPhone }, lists, page });
    },
    renderFailure: "search_page_render_failed",
  });
}
