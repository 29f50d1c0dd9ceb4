import { Hono } from "hono";
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
 * cached (ADR 0029) under a generation staff renew whenever they change a
 * list or a template (worker/routes/admin-public-pages.ts). What members
 * change on their own profiles shows within a minute, the data centre's
 * keeping time; browsers keep an answer five minutes (ADR 0017).
 */
export const publicListsGeneration = new RenewableGeneration("public-lists", 5);

const cachedPublicList = (query: readonly string[]) =>
  edgeCache({ namespace: "public-lists", browser: "public, max-age=300", edgeSeconds: 60, isolateSeconds: 5, query, generation: publicListsGeneration.current });

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
    c.header("Cache-Control", "public, max-age=300");
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
