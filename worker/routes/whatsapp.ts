import { Hono } from "hono";
import type { ApiSuccess, ProfileCard, WhatsappProfile } from "#shared/api-types.ts";
import * as z from "zod/mini";
import { FREE_WHATSAPP_LIST_LIMIT, PAGE_SIZE } from "#shared/constants.ts";
import { profileIdField, profilesSentSchema } from "#shared/schemas/search.ts";
import { getMemberContact } from "../db/members.ts";
import { askedProfiles, getCard, publishedNotAsked } from "../db/profiles.ts";
import { hasViewed } from "../db/views.ts";
import type { AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { cardViewer, loadViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { queryParams } from "../middleware/validate.ts";

// The WhatsApp request flow's screens (§ "2. Screens and routes", "/whatsapp_profile"; ADR
// 0012). The phone number is given only to the owner or to an active paid
// member who unlocked the profile (approved, view confirmed; it stays open
// whatever becomes of the request: worker/lib/full-profile-access.ts).
// Mounted at /api: each route names its own auth.

const whatsapp = new Hono<AppEnv>()
  .get("/whatsapp_profile", requireMember(), queryParams(z.object({ pid: profileIdField })), async (c) => {
    const pid = c.req.valid("query").pid;
    const viewer = await loadViewer(c);
    const own = pid === viewer.pid;
    const card = await getCard(c.env.DB, cardViewer(viewer, { forcePhotos: own }), pid);
    if (!card) throw notFound(text("server.profileNotFound"));
    const entitled = own || (viewer.active && (await hasViewed(c.env.DB, viewer.pid, pid)));
    const phone = entitled ? ((await getMemberContact(c.env.DB, pid))?.mobile ?? null) : null;
    c.header("Cache-Control", "no-store");
    return c.json({ data: { profile: card, phone } } satisfies ApiSuccess<WhatsappProfile>);
  })
  .get("/whatsapp/profiles_sent", requireMember(), queryParams(profilesSentSchema), async (c) => {
    const { exclude } = c.req.valid("query");
    const viewer = await loadViewer(c);
    // `exclude` is the profile the page shows above the list, often the one just asked about
    // and so the newest: the list still holds up to 2 others, and never more than 2.
    const asked = await askedProfiles(c.env.DB, cardViewer(viewer), FREE_WHATSAPP_LIST_LIMIT + 1);
    const cards = asked.filter((card) => card.pid !== exclude).slice(0, FREE_WHATSAPP_LIST_LIMIT);
    return c.json({ data: cards } satisfies ApiSuccess<ProfileCard[]>);
  })
  .get("/whatsapp/profiles_not_sent", requireMember(), async (c) => {
    const viewer = await loadViewer(c);
    return c.json({ data: await publishedNotAsked(c.env.DB, cardViewer(viewer), PAGE_SIZE) } satisfies ApiSuccess<ProfileCard[]>);
  });

export default whatsapp;
