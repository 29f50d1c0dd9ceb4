import { Hono } from "hono";
import type { ApiSuccess, MemberListItem, MemberListPage } from "#shared/api-types.ts";
import { PAGE_SIZE, RECOMMENDED_LIMIT } from "#shared/constants.ts";
import { profileRefSchema, profileVisitsSchema } from "#shared/schemas/interest.ts";
import { countInterestList, dismissRecommendation } from "../db/interests.ts";
import { interestList, recommendedProfiles } from "../db/profiles.ts";
import type { AppEnv } from "../env.ts";
import { ApiError, notFound, text } from "../lib/errors.ts";
import { cardViewer, loadViewer } from "../lib/viewer.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody, queryParams } from "../middleware/validate.ts";

// The members' own lists (§ "2. Screens and routes"): who is interested in me (V), whom I
// asked (F), and my recommendations. A member reads only their own lists.
// Mounted at /api: each route names its own auth.

const memberLists = new Hono<AppEnv>()
  .get("/profile_visits", requireMember(), queryParams(profileVisitsSchema), async (c) => {
    const { pid, p_status: status, page: requested } = c.req.valid("query");
    if (pid !== c.var.member.pid) throw new ApiError(403, "FORBIDDEN", text("server.ownListsOnly"));
    const viewer = await loadViewer(c);
    const pageCount = Math.max(1, Math.ceil((await countInterestList(c.env.DB, pid, status)) / PAGE_SIZE));
    // Previous and Next wrap around (§ "2. Screens and routes", "/viewed_by_profiles").
    const page = ((requested - 1) % pageCount) + 1;
    const profiles = await interestList(c.env.DB, cardViewer(viewer), status, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const result: MemberListPage = { profiles, page, pageCount, paging: true };
    return c.json({ data: result } satisfies ApiSuccess<MemberListPage>);
  })
  .get("/recommended_profiles", requireMember(), async (c) => {
    const viewer = await loadViewer(c);
    return c.json({ data: await recommendedProfiles(c.env.DB, cardViewer(viewer), RECOMMENDED_LIMIT) } satisfies ApiSuccess<MemberListItem[]>);
  })
  .post("/recommended_profiles/not_interested", requireMember(), ...jsonBody(profileRefSchema), async (c) => {
    if (!(await dismissRecommendation(c.env.DB, c.var.member.pid, c.req.valid("json").pid))) throw notFound(text("server.notInRecommendations"));
    return c.json({ data: { dismissed: true } } satisfies ApiSuccess<{ dismissed: true }>);
  });

export default memberLists;
