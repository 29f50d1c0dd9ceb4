import { Hono } from "hono";
import type { AdminRecommendation } from "#shared/admin-types.ts";
import type { ApiSuccess } from "#shared/api-types.ts";
import { recommendationSchema } from "#shared/schemas/admin.ts";
import { profileIdField } from "#shared/schemas/search.ts";
import { getMemberContact } from "../db/members.ts";
import { auditEntry } from "../db/staff.ts";
import { addRecommendation, listRecommendations, removeRecommendation } from "../db/recommendations.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { NO_MEMBER, memberContactOrNotFound, profileOfferProblem } from "../lib/admin-member.ts";
import { refuseDeletedProfile } from "../lib/erasure.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";

// Recommendations in the agency console (ADR 0018, ADR 0012): the profiles staff
// choose for a member, shown on the member's /recommended_profiles.
// Mounted at /api/admin/members.

const memberOf = (c: AppContext) => memberContactOrNotFound(c, parseOrThrow(profileIdField, c.req.param("pid")));

const refuse = (message: string) => new ApiError(400, "VALIDATION_FAILED", message, { fields: { pid: message } });

const adminRecommendations = new Hono<AppEnv>()
  .get("/:pid/recommendations", requireStaff(), async (c) => {
    const member = await memberOf(c);
    return c.json({ data: await listRecommendations(c.env.DB, member.pid) } satisfies ApiSuccess<AdminRecommendation[]>);
  })
  .post("/:pid/recommendations", requireStaff(), ...jsonBody(recommendationSchema), async (c) => {
    const member = await memberOf(c);
    await refuseDeletedProfile(c, member.pid);
    const { pid } = c.req.valid("json");
    const recommended = await getMemberContact(c.env.DB, pid);
    if (!recommended) throw refuse(NO_MEMBER);
    if (recommended.pid === member.pid) throw refuse("A member cannot be recommended to themselves.");
    // A recommendation of their own gender, or of a deactivated profile, would never show.
    const problem = profileOfferProblem(member, recommended);
    if (problem === "sameGender") throw refuse("Recommend a profile of the other gender.");
    if (problem === "deactivated") throw refuse("This profile is deactivated.");
    await c.env.DB.batch([
      addRecommendation(c.env.DB, member.pid, pid),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "recommend", target: String(member.pid), after: { pid } }),
    ]);
    return c.json({ data: await listRecommendations(c.env.DB, member.pid) } satisfies ApiSuccess<AdminRecommendation[]>);
  })
  .delete("/:pid/recommendations/:recommendedPid", requireStaff(), async (c) => {
    const member = await memberOf(c);
    const pid = parseOrThrow(profileIdField, c.req.param("recommendedPid"));
    const current = await listRecommendations(c.env.DB, member.pid);
    if (!current.some((recommendation) => recommendation.pid === pid)) throw notFound("This profile is not among the member's recommendations.");
    await c.env.DB.batch([
      removeRecommendation(c.env.DB, member.pid, pid),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "unrecommend", target: String(member.pid), before: { pid } }, { onlyIfPreviousChanged: true }),
    ]);
    return c.json({ data: await listRecommendations(c.env.DB, member.pid) } satisfies ApiSuccess<AdminRecommendation[]>);
  });

export default adminRecommendations;
