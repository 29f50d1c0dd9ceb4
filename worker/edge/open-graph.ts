import { isLanguage, type Language } from "#shared/i18n/language.ts";
import type { MiddlewareHandler } from "hono";
import { AUTO_LOGIN_PATHS, LINK_LANGUAGE_PARAM, NEW_PROFILES_PATH, pagePath, readAutoLoginPayload, readRequestPayload } from "#shared/links.ts";
import type { LinkName } from "../db/link-events.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { message, requestLanguage } from "../lib/i18n.ts";
import { countPageLoad, isLinkPreviewCrawler } from "../lib/link-analytics.ts";
import { previewCard } from "../lib/profile-preview.ts";

// Open Graph tags for links shared on WhatsApp (ADR 0017, ADR 0031).
// A preview shows what a stranger may see: never a phone number, never a
// full name, only a blurred or branded image. Reading a link here changes
// nothing and uses up no token: a crawler's GET is harmless.

export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URL of a JPEG at least 400 px wide. */
  image: string;
  url: string;
  /** For link pages: whether the payload decoded and validated at the edge. */
  linkValid?: boolean;
  /** An auto-login link: its page must not be stored anywhere. */
  carriesToken?: boolean;
}

/** The pages whose link carries a sign-in token: the auto-login pages and the brief page in front of a profile link. */
const TOKEN_PAGES = new Set([...Object.values(AUTO_LOGIN_PATHS), NEW_PROFILES_PATH]);
const REQUEST_PATHS = new Set(["/request", "/Request.aspx"]);

/** The pages WhatsApp links open, by their path as pagePath names it (shared/links.ts): a trailing slash is the same page. */
const LINK_NAMES = new Map<string, LinkName>([
  [AUTO_LOGIN_PATHS.profile, "profile"],
  [AUTO_LOGIN_PATHS.interest, "interest"],
  [AUTO_LOGIN_PATHS.whatsapp, "whatsapp"],
  [NEW_PROFILES_PATH, "new_profiles"],
  ["/request", "request"],
  ["/Request.aspx", "request"],
  ["/link", "public"],
]);

/**
 * `limit` on the pages WhatsApp links open, however their path ends: each is
 * counted, and /request reads D1 (worker/app.ts applies LINK_PAGE_LIMIT, ADR 0026).
 */
export function onLinkPages(limit: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => (LINK_NAMES.has(pagePath(c.req.path)) ? limit(c, next) : next());
}

/** The preview, and for link pages a counted load: opened by a member, or previewed by a crawler. */
export async function linkPreview(c: AppContext): Promise<LinkPreview> {
  const preview = await buildPreview(c);
  const link = LINK_NAMES.get(pagePath(new URL(c.req.url).pathname));
  // In proxy mode D1 is not the agency's (ADR 0026): the backend's own logs see the pages' calls.
  if (link && preview.linkValid !== undefined && !config(c.env).agencyBackend) {
    const step = isLinkPreviewCrawler(c.req.header("User-Agent")) ? "previewed" : "opened";
    countPageLoad(c, { link, step, outcome: preview.linkValid ? "success" : "failure" });
  }
  return preview;
}

/**
 * The preview's language (ADR 0040): the link's own `lang`, which links
 * built for a member who reads Telugu carry (shared/links.ts), because
 * WhatsApp's crawler sends no cookie and no language of the recipient; else
 * the request's, for a visitor who opens the page.
 */
function previewLanguage(c: AppContext, url: URL): Language {
  const asked = url.searchParams.get(LINK_LANGUAGE_PARAM);
  return isLanguage(asked) ? asked : requestLanguage(c.req.raw.headers);
}

async function buildPreview(c: AppContext): Promise<LinkPreview> {
  const url = new URL(c.req.url);
  const { agencyName } = config(c.env);
  const language = previewLanguage(c, url);
  const text = (id: Parameters<typeof message>[1], values: Record<string, unknown> = {}) => message(language, id, { agency: agencyName, ...values });
  const generic: LinkPreview = {
    title: agencyName,
    description: text("og.description"),
    image: `${url.origin}/og/default.jpg`,
    url: url.href,
  };
  const page = pagePath(url.pathname);
  if (TOKEN_PAGES.has(page)) {
    const valid = readAutoLoginPayload(url.searchParams.get("link")) !== undefined;
    // The link carries a sign-in token: never repeat it in the page.
    return { ...generic, url: `${url.origin}${page}`, description: text("og.autoLoginDescription"), linkValid: valid, carriesToken: true };
  }
  if (page === "/link") {
    const valid = Boolean(url.searchParams.get("id") || url.searchParams.get("wid"));
    return { ...generic, title: text("og.publicTitle"), linkValid: valid };
  }
  if (!REQUEST_PATHS.has(page)) return generic;
  const target = readRequestPayload(url.searchParams.get("q"));
  if (target === undefined) return { ...generic, linkValid: false };
  // A profile a preview may not show (ADR 0017) gets the agency's preview; the page still works.
  // So does every profile in proxy mode, where the backend, not D1, knows who may be shown (ADR 0026).
  if (config(c.env).agencyBackend) return { ...generic, linkValid: true };
  const card = await previewCard(c.env, target);
  if (!card) return { ...generic, linkValid: true };
  // Telugu mode names the star in Telugu, as every screen does (ADR 0040); a star without a Telugu name keeps its English one.
  const star = language === "te" ? (card.starTe ?? card.star) : card.star;
  const facts = [text("og.age", { age: card.age }), card.height, star, card.educationDetails].filter(Boolean).join(" · ");
  return {
    title: text("og.profileTitle", { pid: card.pid }),
    description: text("og.profileDescription", { facts }),
    image: card.photoUrl ? `${url.origin}/og/profile/${card.pid}.jpg` : generic.image,
    url: url.href,
    linkValid: true,
  };
}
