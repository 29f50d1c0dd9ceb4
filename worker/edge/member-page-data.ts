import { Hono } from "hono";
import { parse } from "hono/utils/cookie";
import type { CurrentUser } from "#shared/api-types.ts";
import { isLanguage, languageFromCookie, type Language } from "#shared/i18n/language.ts";
import { isMemberPage, PAGE_SESSION_COOKIE } from "#shared/page-session.ts";
import type { RenderedPage } from "#shared/prerendered-pages.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { requestLanguage } from "../lib/i18n.ts";
import { withinLimit } from "../middleware/rate-limit.ts";
import users from "../routes/users.ts";
import { holdPreloadsUntilPainted, jsonDataElement, memberAnswer, pageApi } from "./page-answers.ts";

// A signed-in member's page, opened without a query in its address (from the
// home screen, a bookmark, a reload, after signing in or from an auto-login
// link), comes rendered (ADR 0041, ADR 0042): on a slow phone the member's
// screen is painted with the page instead of after the application's code
// and its calls, one after another. The browser's stored session reaches the
// Worker as the page-session cookie (shared/page-session.ts), and the answers
// are the API's own for that token, through the same routes, its session
// check and its revocation included: the page shows nothing the member's own
// calls would not.

// As worker/app.ts mounts them: the members' routes under /api/users.
const usersApi = pageApi(new Hono<AppEnv>().route("/users", users), "member_page_user_failed");

/** A screen of a member's page: the answers it is drawn from beside the member, and its render. */
export interface MemberScreen<Data extends { user: CurrentUser }> {
  /** The page's data block (its element id). */
  dataId: string;
  /** The member's other answers for `user`, with the same token; a refused or failed one as its status. */
  answers: (token: string, user: CurrentUser) => Promise<Data | { status: number }>;
  /** The screen's markup and title; undefined where the browser's first render could differ from the Worker's. */
  render: (data: Data, language: Language) => Promise<RenderedPage | undefined>;
  /** Logged when the render throws. */
  renderFailure: string;
}

export interface MemberPage {
  /** Adds the page's markup, title and language, and the data it was rendered from; none for a cookie the API refused. */
  rewrite?: (rewriter: HTMLRewriter) => void;
  /** The member's page is kept by no cache and differs by cookie; a refused cookie is emptied. */
  headers: Record<string, string>;
}

/**
 * What the page adds for the member whose page session the request carries,
 * or undefined: for a query in the address (the screen asks for it), a page
 * session the API refuses (the cookie is emptied; the screen finds the
 * session ended as before), a client over the API's rate limit, since a page
 * costs what the screen's own calls would, proxy mode, whose agency backend
 * answers the API (ADR 0003), or a screen the Worker cannot draw as the
 * browser will.
 */
export async function memberPage<Data extends { user: CurrentUser }>(c: AppContext, screen: MemberScreen<Data>): Promise<MemberPage | undefined> {
  const url = new URL(c.req.url);
  const token = parse(c.req.header("Cookie") ?? "", PAGE_SESSION_COOKIE)[PAGE_SESSION_COOKIE];
  if (!isMemberPage(url.pathname) || url.search !== "" || !token || config(c.env).agencyBackend) return undefined;
  if (!(await withinLimit(c, "API_LIMIT"))) return undefined;
  const user = await memberAnswer<CurrentUser>(usersApi, c, "/api/users/current", token);
  const data = "data" in user ? await screen.answers(token, user.data) : user;
  if ("status" in data) {
    // Refused, not failed for the moment: the same token would be refused again, so the next page does not ask.
    return data.status === 401 ? { headers: { "Set-Cookie": `${PAGE_SESSION_COOKIE}=; Path=${url.pathname}; Max-Age=0; SameSite=Lax` } } : undefined;
  }
  const language = renderLanguage(c, data.user);
  const rendered = language && (await render(screen, data, language));
  // The data goes only with its markup: the browser takes the member from it
  // while it adopts the markup, and asks the API itself for a page it draws.
  if (!rendered || !language) return undefined;
  return {
    rewrite(rewriter) {
      rewriter.on("body", { element: (body) => void body.append(jsonDataElement(screen.dataId, data), { html: true }) });
      rewriter.on("html", { element: (html) => void html.setAttribute("lang", language) });
      rewriter.on("title", { element: (title) => void title.setInnerContent(rendered.title) });
      rewriter.on("div#root", { element: (root) => void root.setInnerContent(rendered.markup, { html: true }) });
      holdPreloadsUntilPainted(rewriter);
    },
    headers: { "Cache-Control": "private, no-store", Vary: "Cookie, Accept-Language" },
  };
}

/** `page` through `rewriter` with what `member` adds to it: its markup and data, and its headers. */
export function withMemberPage(page: Response, rewriter: HTMLRewriter, member: MemberPage | undefined): Response {
  member?.rewrite?.(rewriter);
  const response = new Response(rewriter.transform(page).body, page);
  for (const [name, value] of Object.entries(member?.headers ?? {})) response.headers.set(name, value);
  return response;
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

async function render<Data extends { user: CurrentUser }>(screen: MemberScreen<Data>, data: Data, language: Language): Promise<RenderedPage | undefined> {
  try {
    return await screen.render(data, language);
  } catch (error) {
    console.error(JSON.stringify({ kind: screen.renderFailure, message: String(error) }));
    return undefined;
  }
}
