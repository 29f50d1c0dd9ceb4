import type { Context, Handler } from "hono";
import { earlySignInCode } from "#shared/early-sign-in-script.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { AGENCY_NAME_PLACEHOLDER, AGENCY_PHONE_PLACEHOLDER } from "#shared/page-placeholders.ts";
import { dialable, waMeNumber } from "#shared/phone.ts";
import { linkSplashPage, prerenderedAsset, prerenderedPage } from "#shared/prerendered-pages.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { cspHash } from "../lib/csp-hash.ts";
import { requestLanguage } from "../lib/i18n.ts";
import { linkPreview, type LinkPreview } from "./open-graph.ts";
import { withPublicList } from "./public-list-data.ts";
import { withSearchLists } from "./search-list-data.ts";
import { withViewedByPage } from "./viewed-by-page-data.ts";

/**
 * Serves the built SPA through the ASSETS binding (index.html for unknown
 * paths). The response is copied because fetched headers are immutable and
 * the middlewares add the request id and security headers afterwards.
 * Vite names files under /assets/ by content hash, so they never change.
 */
export const serveStaticAssets: Handler<AppEnv> = async (c) => {
  const { pathname } = new URL(c.req.url);
  const page = prerenderedPage(pathname);
  if (page) return withPageDetails(await withAgency(c, await inRequestLanguage(c, page)), c.env, await linkPreview(c), true);
  const splash = linkSplashPage(pathname);
  const asset = splash ? await inRequestLanguage(c, splash) : await c.env.ASSETS.fetch(c.req.raw);
  if ((asset.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // The pages that open /search come with its reference lists (ADR 0031), a member's /search and /viewed_by_profiles with their screen (ADR 0041, ADR 0042).
    return withViewedByPage(c, await withPublicList(c, await withSearchLists(c, withPageDetails(await withAgency(c, asset), c.env, await linkPreview(c), splash !== undefined))));
  }
  const response = new Response(asset.body, asset);
  if (pathname.startsWith("/assets/") && asset.ok) {
    response.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  }
  return response;
};

/**
 * A page written in each language at build time, in the request's language
 * (the `lang` cookie, else Accept-Language; ADR 0040): the SPA starts in the
 * same language, so hydration finds the markup it renders, and an auto-login
 * page's first paint is in the language its application will show.
 */
async function inRequestLanguage(c: AppContext, page: string): Promise<Response> {
  const url = new URL(c.req.url);
  url.pathname = prerenderedAsset(page, requestLanguage(c.req.raw.headers));
  return c.env.ASSETS.fetch(new Request(url, c.req.raw));
}

/**
 * The SPA reads the agency's name and phone ({agency} and {phone} in the
 * specification's texts) from meta tags, so they are configuration of the
 * Worker rather than part of the build; link pages also get their Open
 * Graph tags and whether their payload is valid. The page differs by
 * configuration and link, so it is revalidated on every visit.
 */
function withPageDetails(asset: Response, env: Env, preview: LinkPreview, byLanguage = false): Response {
  const { agencyName, agencyPhone } = config(env);
  const meta = (attribute: "name" | "property", key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", agencyName),
    meta("property", "og:title", preview.title),
    meta("property", "og:description", preview.description),
    meta("property", "og:image", preview.image),
    meta("property", "og:image:type", "image/jpeg"),
    meta("property", "og:url", preview.url),
    meta("name", "description", preview.description),
    meta("name", "twitter:card", "summary_large_image"),
    ...(preview.linkValid === undefined ? [] : [meta("name", "link-valid", String(preview.linkValid))]),
  ];
  const rewritten = new HTMLRewriter()
    .on('meta[name="agency-name"]', { element: (element) => void element.setAttribute("content", agencyName) })
    .on('meta[name="agency-phone"]', { element: (element) => void element.setAttribute("content", agencyPhone) })
    .on("head", { element: (head) => void head.append(tags.join(""), { html: true }) })
    .transform(asset);
  const response = new Response(rewritten.body, asset);
  response.headers.delete("ETag");
  response.headers.delete("Content-Length");
  // A page whose URL carries a sign-in token is kept in no cache at all.
  response.headers.set("Cache-Control", preview.carriesToken ? "no-store" : "no-cache");
  if (byLanguage) response.headers.set("Vary", "Cookie, Accept-Language");
  return response;
}

/**
 * A page prerendered at build time shows the agency's name and phone as
 * placeholders (ADR 0031): the configured values take their place, as text,
 * in tel: links (digits and +) and in wa.me links (digits), exactly as the
 * browser renders them, so that hydration finds the same page. An auto-login
 * page's first script is in the page (shared/early-sign-in-script.ts): the
 * policy allows it by the hash of the text served.
 */
async function withAgency(c: Context<AppEnv>, asset: Response): Promise<Response> {
  const { agencyName, agencyPhone } = config(c.env);
  const html = (await asset.text())
    .replaceAll(AGENCY_NAME_PLACEHOLDER, escapeHtml(agencyName))
    .replaceAll(AGENCY_PHONE_PLACEHOLDER, escapeHtml(agencyPhone))
    .replaceAll(dialable(AGENCY_PHONE_PLACEHOLDER), escapeHtml(dialable(agencyPhone)))
    .replaceAll(waMeNumber(AGENCY_PHONE_PLACEHOLDER), escapeHtml(waMeNumber(agencyPhone)));
  const script = earlySignInCode(html);
  if (script !== undefined) c.set("inlineScript", await cspHash(script));
  return new Response(html, asset);
}
