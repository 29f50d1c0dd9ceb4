import { Hono } from "hono";
import { ISO_DATE } from "#shared/dates.ts";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { PUBLIC_LIST_DATA_ID, publicListFrom, type PublicListData } from "#shared/public-list.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { isLinkPreviewCrawler } from "../lib/link-analytics.ts";
import publicPages from "../routes/public-pages.ts";

// A /link page carries its list (ADR 0031): on a slow phone the cards would
// otherwise wait for the application to start and then for two API calls.
// The answers are the public API's own, from the same routes and the same
// edge cache under the lists' generation (ADR 0029), so the page carries
// exactly what a visitor's call would get (ADR 0017), no older.

/** The public routes alone, at their /api paths, so that their cache keys are the API's. */
const publicApi = new Hono<AppEnv>().route("/api", publicPages);
// A list nobody published, or a failure: the page goes without it and the screen asks the API, which says why.
publicApi.onError((error) => {
  if (!(error instanceof ApiError)) console.error(JSON.stringify({ kind: "public_list_data_failed", message: String(error) }));
  return new Response(null, { status: error instanceof ApiError ? error.status : 500 });
});

/**
 * The `<script type="application/json">` element for a /link page, or ""
 * when there is nothing to send: no list or no date in the link; a link
 * preview's crawler, which reads the Open Graph tags and runs no screen
 * (a preview names nobody, ADR 0017); or proxy mode, where the agency
 * backend answers the API (ADR 0003) and the screen asks it as before.
 */
export async function publicListElement(c: AppContext): Promise<string> {
  const url = new URL(c.req.url);
  const list = publicListFrom(url.searchParams);
  if (url.pathname !== "/link" || !list || !ISO_DATE.test(list.date)) return "";
  if (isLinkPreviewCrawler(c.req.header("User-Agent")) || config(c.env).agencyBackend) return "";
  const week = list.week ? "week=true" : "";
  const [profiles, messages] = await Promise.all([
    answer<PublicCard[]>(c, `/api/whatsapp/public_profiles/${list.date}${week && `?${week}`}`),
    answer<PublicMessage[]>(c, `/api/public_messages?date=${list.date}${week && `&${week}`}`),
  ]);
  if (!profiles) return "";
  return jsonElement({ ...list, profiles, messages });
}

async function answer<Data>(c: AppContext, path: string): Promise<Data | undefined> {
  const response = await publicApi.request(new URL(path, c.req.url), {}, c.env, c.executionCtx);
  return response.ok ? ((await response.json()) as { data: Data }).data : undefined;
}

/**
 * JSON in a script element ends at the first `</script`, and `<!--` changes
 * how the parser reads it: every `<` is written as its JSON escape, which
 * JSON.parse reads back as `<`, so no name or message can end the element.
 */
function jsonElement(data: PublicListData): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PUBLIC_LIST_DATA_ID}">${json}</script>`;
}
