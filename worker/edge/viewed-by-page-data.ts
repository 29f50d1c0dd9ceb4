import type { MemberListPage } from "#shared/api-types.ts";
import { VIEWED_BY_PAGE_DATA_ID, type ViewedByPageData } from "#shared/page-session.ts";
import { config, type AppContext } from "../env.ts";
import memberLists from "../routes/member-lists.ts";
import { memberPage, withMemberPage } from "./member-page-data.ts";
import { isHtml, memberAnswer, pageApi } from "./page-answers.ts";

// A signed-in member's /viewed_by_profiles, the requests received, rendered
// by the Worker (ADR 0042, member-page-data.ts): the screen the interest link
// of the WhatsApp message opens, drawn from the member and the list's first page.

// As worker/app.ts mounts them: the members' lists at /api.
const listsApi = pageApi(memberLists, "viewed_by_page_list_failed");

/** `page` with the member's screen, when it is /viewed_by_profiles for a member whose page session the request carries (memberPage). */
export async function withViewedByPage(c: AppContext, page: Response): Promise<Response> {
  const url = new URL(c.req.url);
  if (url.pathname !== "/viewed_by_profiles" || !isHtml(page)) return page;
  const { agencyName, agencyPhone } = config(c.env);
  const member = await memberPage<ViewedByPageData>(c, {
    dataId: VIEWED_BY_PAGE_DATA_ID,
    async answers(token, user) {
      // The requests received (V), their first page, as the screen asks for it first.
      const list = await memberAnswer<MemberListPage>(listsApi, c, `/api/profile_visits?pid=${user.pid}&p_status=V&page=1`, token);
      return "data" in list ? { user, list: list.data } : list;
    },
    async render(data, language) {
      // Imported on the first page it renders: React and the screens stay out of the isolate's start-up.
      const { renderViewedByPage } = await import("#edge-render");
      return renderViewedByPage({ url: `${url.origin}${url.pathname}`, language, agency: { name: agencyName, phone: agencyPhone }, page: data });
    },
    renderFailure: "viewed_by_page_render_failed",
  });
  return member ? withMemberPage(page, new HTMLRewriter(), member) : page;
}
