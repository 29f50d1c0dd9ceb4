import { ISO_DATE } from "#shared/dates.ts";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import type { Language } from "#shared/i18n/language.ts";
import { pagePath } from "#shared/links.ts";
import type { RenderedPage } from "#shared/prerendered-pages.ts";
import { PUBLIC_CARD_LISTS, PUBLIC_LIST_DATA_ID, publicListFrom, type PublicListData } from "#shared/public-list.ts";
import { config, type AppContext } from "../env.ts";
import { requestLanguage } from "../lib/i18n.ts";
import { isLinkPreviewCrawler } from "../lib/link-analytics.ts";
import publicPages from "../routes/public-pages.ts";
import { holdPreloadsUntilPainted, jsonDataElement, pageApi, referenceListAnswers, visitorAnswer } from "./page-answers.ts";

// A /link page carries its list (ADR 0031): its cards rendered into #root by
// the screen's own components, so a slow phone paints them with the HTML,
// and the answers they were rendered from, which the browser's first render
// reads to adopt them. The answers are the public API's own, from the same
// routes and the same edge cache under the lists' generation (ADR 0029), so
// the page carries exactly what a visitor's call would get (ADR 0017), no older.

/** The public routes alone, at their /api paths, so that their cache keys are the API's. */
const publicApi = pageApi(publicPages, "public_list_data_failed");

/**
 * `page` (a /link page) with its list: the cards in #root, in the language
 * the browser will render in, and the answers at the end of the body. As it
 * is when there is nothing to send: no list or no date in the link; a link
 * preview's crawler, which reads the Open Graph tags and runs no screen (a
 * preview names nobody, ADR 0017); or proxy mode, where the agency backend
 * answers the API (ADR 0003) and the screen asks it as before.
 */
export async function withPublicList(c: AppContext, page: Response): Promise<Response> {
  const language = requestLanguage(c.req.raw.headers);
  const list = await publicListData(c, language);
  if (!list) return page;
  const rendered = await renderList(c, list, language);
  const rewriter = new HTMLRewriter().on("body", { element: (body) => void body.append(jsonDataElement(PUBLIC_LIST_DATA_ID, list), { html: true }) });
  if (rendered) {
    rewriter.on("html", { element: (html) => void html.setAttribute("lang", language) });
    rewriter.on("title", { element: (title) => void title.setInnerContent(rendered.title) });
    rewriter.on("div#root", { element: (root) => void root.setInnerContent(rendered.markup, { html: true }) });
    holdPreloadsUntilPainted(rewriter);
  }
  const response = new Response(rewriter.transform(page).body, page);
  if (rendered) response.headers.set("Vary", "Cookie, Accept-Language");
  return response;
}

async function publicListData(c: AppContext, language: Language): Promise<PublicListData | undefined> {
  const url = new URL(c.req.url);
  const list = publicListFrom(url.searchParams);
  if (pagePath(url.pathname) !== "/link" || !list || !ISO_DATE.test(list.date)) return undefined;
  if (isLinkPreviewCrawler(c.req.header("User-Agent")) || config(c.env).agencyBackend) return undefined;
  const week = list.week ? "week=true" : "";
  const [profiles, messages, lists] = await Promise.all([
    visitorAnswer<PublicCard[]>(publicApi, c, `/api/whatsapp/public_profiles/${list.date}${week && `?${week}`}`),
    visitorAnswer<PublicMessage[]>(publicApi, c, `/api/public_messages?date=${list.date}${week && `&${week}`}`),
    language === "te" ? referenceListAnswers(c, PUBLIC_CARD_LISTS) : undefined,
  ]);
  if (!profiles) return undefined;
  // Where the messages go between the cards is random for each visit (ADR
  // 0017); the render and the browser place them by the same seed.
  const [seed = 0] = crypto.getRandomValues(new Uint32Array(1));
  return { ...list, profiles, messages, seed, lists };
}

/**
 * The cards' markup and the screen's title, or undefined where the screen
 * draws them itself: without the messages' answer it would render its
 * loading state, and a render that fails leaves the page as it was before the
 * Worker rendered lists.
 */
async function renderList(c: AppContext, list: PublicListData, language: Language): Promise<RenderedPage | undefined> {
  if (!list.messages) return undefined;
  const { agencyName, agencyPhone } = config(c.env);
  const url = new URL(c.req.url);
  try {
    // Imported on the first /link page: React and the screen stay out of the isolate's start-up.
    const { renderLinkPage } = await import("#edge-render");
    return await renderLinkPage({ url: `${url.origin}${url.pathname}${url.search}`, language, agency: { name: agencyName, phone: agencyPhone }, list });
  } catch (error) {
    console.error(JSON.stringify({ kind: "link_page_render_failed", message: String(error) }));
    return undefined;
  }
}
