import { Hono, type MiddlewareHandler } from "hono";
import * as z from "zod/mini";
import type { ApiSuccess, ProfileTeaser, PublicCard, PublicMessage, PublicTemplate } from "#shared/api-types.ts";
import { todayIn } from "#shared/dates.ts";
import { profileIdField } from "#shared/schemas/search.ts";
import { publicDateField, publicMessagesQuery, weekFlag } from "#shared/schemas/public-page.ts";
import { findPublicList, listTemplates, publicCards, publicMessages } from "../db/public-pages.ts";
import { config, type AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { previewCard } from "../lib/profile-preview.ts";
import { requireMember } from "../middleware/auth.ts";
import { RenewableGeneration, edgeCache } from "../middleware/edge-cache.ts";
import { parseOrThrow, queryParams } from "../middleware/validate.ts";

// The public page's data (§ "WhatsApp and public"). The lists are
// public by design and cacheable for a few minutes; the phone numbers in
// them belong to profiles their owners made free to the public.
// Mounted at /api: each route names its own auth.

/**
 * The published lists and their messages, the same for every caller, are
 * cached (ADR 0029) under a generation renewed by every change to what they
 * show (renewsPublicLists).
 */
export const publicListsGeneration = new RenewableGeneration("public-lists", 5);

/**
 * After a successful change to what /link shows, the cached lists are not
 * served again (ADR 0029): staff's to a list or a template, and staff's or
 * the member's own to anything a published card shows (worker/db/public-pages.ts
 * reads the photo and whether it is shown, the number and whether it is
 * given, names, birth, star, education, profession, parents, income, the
 * membership and whether the member is active). A save of a member on no
 * list renews too: a read to find out would cost more than the lists' next
 * D1 read.
 */
export const renewsPublicLists: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.ok) await publicListsGeneration.renew(c);
};

/**
 * The same after the cron's changes to what /link shows (erasures, ADR
 * 0034), which have no request: under SITE_URL, the site's address, which
 * the cache's keys are URLs of. Without it the cron cannot name the site's
 * cache, and the change shows once the answers kept expire (60 seconds).
 */
export async function renewPublicListsFromCron(env: Env): Promise<void> {
  const { siteUrl } = config(env);
  if (siteUrl !== "") await publicListsGeneration.renewAt({ env, url: siteUrl });
}

/**
 * Browsers and shared caches ask again on every use (a 304 from this
 * Worker's memory or the data centre's cache while the ETag holds): a phone
 * number or photo taken off a card must not be served from a cache the
 * generation does not reach (ADR 0029).
 */
const cachedPublicList = (query: readonly string[]) =>
  edgeCache({ namespace: "public-lists", browser: "public, no-cache", edgeSeconds: 60, isolateSeconds: 5, query, generation: publicListsGeneration.current });

const publicPages = new Hono<AppEnv>()
  // What the /request page shows a visitor before they sign in (ADR 0015):
  // what a link preview shows a stranger, no more: no name, no contact, the
  // blurred preview image. Only for profiles a preview may show (ADR 0017);
  // anyone else is "not found", like an ID nobody has.
  .get("/profile_teaser/:pid", async (c) => {
    const pid = parseOrThrow(profileIdField, c.req.param("pid"));
    const card = await previewCard(c.env, pid);
    if (!card) throw notFound(text("server.profileNotFound"));
    const teaser: ProfileTeaser = {
      pid: card.pid,
      profileType: card.profileType,
      age: card.age,
      height: card.height,
      star: card.star,
      starTe: card.starTe,
      educationDetails: card.educationDetails,
      previewImage: card.photoUrl ? `/og/profile/${card.pid}.jpg` : null,
    };
    // No Cache-Control of its own: no-store, as every /api answer by default.
    // It must go at once when the member is taken off public pages (ADR 0029).
    return c.json({ data: teaser } satisfies ApiSuccess<ProfileTeaser>);
  })
  .get("/whatsapp/public_profiles/:date", cachedPublicList(["week"]), queryParams(z.object({ week: weekFlag })), async (c) => {
    const date = parseOrThrow(publicDateField, c.req.param("date"));
    const list = await findPublicList(c.env.DB, date, c.req.valid("query").week === "true");
    if (!list) throw notFound(text("server.noPublicList"));
    return c.json({ data: await publicCards(c.env.DB, list.id, todayIn(config(c.env).agencyTimeZone)) } satisfies ApiSuccess<PublicCard[]>);
  })
  .get("/public_messages", cachedPublicList(["date", "week"]), queryParams(publicMessagesQuery), async (c) => {
    const { date, week } = c.req.valid("query");
    const list = await findPublicList(c.env.DB, date, week === "true");
    if (!list) throw notFound(text("server.noPublicList"));
    return c.json({ data: list.templateId === null ? [] : await publicMessages(c.env.DB, list.templateId) } satisfies ApiSuccess<PublicMessage[]>);
  })
  .get("/templates/public", requireMember(), async (c) => c.json({ data: await listTemplates(c.env.DB) } satisfies ApiSuccess<PublicTemplate[]>));

export default publicPages;
