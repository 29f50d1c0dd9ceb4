import { Hono } from "hono";
import type { AdminSuggestion } from "../../shared/admin-types.ts";
import type { ApiSuccess } from "../../shared/api-types.ts";
import { suggestionSchema } from "../../shared/schemas/admin.ts";
import { profileIdField } from "../../shared/schemas/search.ts";
import { getMemberContact } from "../db/members.ts";
import { auditEntry } from "../db/staff.ts";
import { addSuggestion, listSuggestions, removeSuggestion } from "../db/suggestions.ts";
import { type AppContext, type AppEnv } from "../env.ts";
import { NO_MEMBER, memberContactOrNotFound } from "../lib/admin-member.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";

// Suggestions in the agency console (issue 7, ADR 0012): the profiles staff
// choose for a member, shown on the member's /recommended_profiles.
// Mounted at /api/admin/members.

const memberOf = (c: AppContext) => memberContactOrNotFound(c, parseOrThrow(profileIdField, c.req.param("pid")));

const refuse = (message: string) => new ApiError(400, "VALIDATION_FAILED", message, { fields: { pid: message } });

const adminSuggestions = new Hono<AppEnv>()
  .get("/:pid/suggestions", requireStaff(), async (c) => {
    const member = await memberOf(c);
    return c.json({ data: await listSuggestions(c.env.DB, member.pid) } satisfies ApiSuccess<AdminSuggestion[]>);
  })
  .post("/:pid/suggestions", requireStaff(), ...jsonBody(suggestionSchema), async (c) => {
    const member = await memberOf(c);
    const { pid } = c.req.valid("json");
    const suggested = await getMemberContact(c.env.DB, pid);
    if (!suggested) throw refuse(NO_MEMBER);
    if (suggested.pid === member.pid) throw refuse("A member cannot be suggested to themselves.");
    // Members see only the other gender (section 4); a suggestion of their own would never show.
    if (suggested.gender === member.gender) throw refuse("Suggest a profile of the other gender.");
    if (!suggested.active) throw refuse("This profile is deactivated.");
    await c.env.DB.batch([
      addSuggestion(c.env.DB, member.pid, pid),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "suggest", target: String(member.pid), after: { pid } }),
    ]);
    return c.json({ data: await listSuggestions(c.env.DB, member.pid) } satisfies ApiSuccess<AdminSuggestion[]>);
  })
  .delete("/:pid/suggestions/:suggested", requireStaff(), async (c) => {
    const member = await memberOf(c);
    const pid = parseOrThrow(profileIdField, c.req.param("suggested"));
    const current = await listSuggestions(c.env.DB, member.pid);
    if (!current.some((suggestion) => suggestion.pid === pid)) throw notFound("This profile is not among the member's suggestions.");
    await c.env.DB.batch([
      removeSuggestion(c.env.DB, member.pid, pid),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "unsuggest", target: String(member.pid), before: { pid } }, { onlyIfPreviousChanged: true }),
    ]);
    return c.json({ data: await listSuggestions(c.env.DB, member.pid) } satisfies ApiSuccess<AdminSuggestion[]>);
  });

export default adminSuggestions;
