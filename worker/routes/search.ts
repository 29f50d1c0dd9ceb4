import { Hono } from "hono";
import * as z from "zod/mini";
import type { ApiSuccess, ProfileCard, ProfilePage } from "#shared/api-types.ts";
import { PAGE_SIZE } from "#shared/constants.ts";
import { detailedSearchSchema, pageField, profileIdField, simpleSearchSchema } from "#shared/schemas/search.ts";
import { countActiveMembers, detailedSearch, getCard, matchingProfiles, simpleSearch, simpleSearchCountingRemoved, type SearchPage } from "../db/profiles.ts";
import type { AppEnv } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { cardViewer, loadSearchViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { parseOrThrow, queryParams } from "../middleware/validate.ts";

// Browse and search (§ "Lists and profiles"). Cards never carry
// contact details; the show-more details go only to paid members; photos are
// blurred unless the rules allow them (worker/db/profiles.ts).
// Mounted at /api: each route names its own auth.

/** Wraparound: past the last page comes the first again. */
function wrapPage(requested: number, pageCount: number): number {
  return ((requested - 1) % Math.max(pageCount, 1)) + 1;
}

/** For searches without a count: a page, and whether another follows. */
function pageOf({ cards, hasNext }: SearchPage, page: number, paging: boolean): ProfilePage {
  return { profiles: cards, page, pageCount: paging && hasNext ? page + 1 : page, paging };
}

const search = new Hono<AppEnv>()
  .get("/Simple_Search_Profiles", requireMember(), queryParams(simpleSearchSchema), async (c) => {
    const { page: requested, order } = c.req.valid("query");
    const viewer = await loadSearchViewer(c);
    const window = (page: number) => ({ order: order ?? "tier", limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    // Paging is for paid, non-expired members; everyone else sees the first page (§ "2. Screens and routes").
    if (!viewer.active) {
      const profiles = await simpleSearch(c.env.DB, cardViewer(viewer), window(1));
      return c.json({ data: { profiles, page: 1, pageCount: 1, paging: false } } satisfies ApiSuccess<ProfilePage>);
    }
    // The pages leave out the profiles the member removed, and so does their count: those are
    // counted with the page, in its round trip (ADR 0028).
    const listed = await countActiveMembers(c.env.DB, viewer.gender === "F" ? "M" : "F");
    const asked = wrapPage(requested, Math.ceil(listed / PAGE_SIZE));
    const { cards, removed } = await simpleSearchCountingRemoved(c.env.DB, cardViewer(viewer), window(asked));
    // At least the page it comes with: a member who removed every profile sees page 1 of 1, empty.
    const pageCount = Math.max(1, Math.ceil((listed - removed) / PAGE_SIZE));
    const page = wrapPage(requested, pageCount);
    // Asked past the last page once those are left out (an old address): the page it wraps to.
    const profiles = page === asked ? cards : await simpleSearch(c.env.DB, cardViewer(viewer), window(page));
    return c.json({ data: { profiles, page, pageCount, paging: true } } satisfies ApiSuccess<ProfilePage>);
  })
  .get("/eloborate_profile", requireMember(), queryParams(detailedSearchSchema), async (c) => {
    const filters = c.req.valid("query");
    const viewer = await loadSearchViewer(c);
    const page = viewer.active ? filters.page : 1;
    const result = await detailedSearch(c.env.DB, cardViewer(viewer), filters, { size: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    return c.json({ data: pageOf(result, page, viewer.active) } satisfies ApiSuccess<ProfilePage>);
  })
  .get("/matching_profiles", requireMember(), queryParams(z.object({ page: pageField })), async (c) => {
    const viewer = await loadSearchViewer(c);
    const page = viewer.active ? c.req.valid("query").page : 1;
    const result = await matchingProfiles(c.env.DB, cardViewer(viewer), viewer, { size: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    return c.json({ data: pageOf(result, page, viewer.active) } satisfies ApiSuccess<ProfilePage>);
  })
  .get("/single_user_profile/:id", requireMember(), async (c) => {
    const pid = parseOrThrow(profileIdField, c.req.param("id"));
    const viewer = await loadSearchViewer(c);
    // A member looking up their own ID sees their own photo.
    const card = await getCard(c.env.DB, cardViewer(viewer, { forcePhotos: pid === viewer.pid }), pid);
    if (!card) throw notFound(text("server.searchIdNotFound", { pid }));
    return c.json({ data: card } satisfies ApiSuccess<ProfileCard>);
  });

export default search;
