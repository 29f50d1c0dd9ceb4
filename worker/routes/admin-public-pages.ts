import { Hono } from "hono";
import type { ApiSuccess } from "#shared/api-types.ts";
import type { AdminPublicList, AdminTemplate } from "#shared/admin-types.ts";
import { publicListSchema, recordIdField, templateSchema, type PublicListInput } from "#shared/schemas/admin.ts";
import {
  createTemplate,
  deletePublicList,
  deleteTemplate,
  getAdminTemplate,
  getPublicList,
  getPublicListById,
  listAdminTemplates,
  listPublicLists,
  savePublicList,
  templateExists,
  unpublishablePids,
  updateTemplate,
} from "../db/admin-public-pages.ts";
import { auditEntry } from "../db/staff.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";
import { renewsPublicLists } from "./public-pages.ts";

// Public pages in the agency console (ADR 0018): the templates whose
// messages show between the cards of /link, and the lists of profiles for
// a day (/link?id=) or a week (/link?wid=). Mounted at /api/admin.

const LISTS_SHOWN = 60;
const NO_TEMPLATE = "There is no such template.";

const templateId = recordIdField("This is not a template");
const listId = recordIdField("This is not a public list");

const origin = (c: AppContext) => new URL(c.req.url).origin;

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_FAILED", message, { fields: { [field]: message } });
}

async function templateOrNotFound(c: AppContext): Promise<AdminTemplate> {
  const id = parseOrThrow(templateId, c.req.param("id"));
  const template = await getAdminTemplate(c.env.DB, id);
  if (!template) throw notFound(NO_TEMPLATE);
  return template;
}

/** A list names only profiles a visitor may be shown, and a template that exists. */
async function checkPublishable(c: AppContext, list: PublicListInput): Promise<void> {
  if (list.templateId !== null && !(await templateExists(c.env.DB, list.templateId))) throw invalid("templateId", NO_TEMPLATE);
  const { unknown, notPublic, noConsent } = await unpublishablePids(c.env.DB, list.pids);
  // Every kind of problem in one answer, so that one correction publishes the list.
  const problems = [
    unknown.length > 0 ? `No active member has the Profile ID ${unknown.join(", ")}.` : "",
    notPublic.length > 0 ? `Profile ${notPublic.join(", ")} is not set to appear on public pages. Choose its public profile setting on the member's page first.` : "",
    // Only the member can give this consent, in Edit profile (ADR 0033).
    noConsent.length > 0 ? `Profile ${noConsent.join(", ")} has not agreed to be listed on public pages. Only the member can agree, in Edit profile; remove it from the list.` : "",
  ].filter(Boolean);
  if (problems.length > 0) throw invalid("pids", problems.join(" "));
}

const adminPublicPages = new Hono<AppEnv>()
  .get("/templates", requireStaff(), async (c) => c.json({ data: await listAdminTemplates(c.env.DB) } satisfies ApiSuccess<AdminTemplate[]>))
  .post("/templates", requireStaff(), ...jsonBody(templateSchema), async (c) => {
    const template = c.req.valid("json");
    const [inserted] = await c.env.DB.batch([
      ...createTemplate(c.env.DB, template),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "create_template", target: template.name, after: template }),
    ]);
    const created = await getAdminTemplate(c.env.DB, inserted?.meta.last_row_id ?? 0);
    if (!created) throw new Error("the new template was not stored");
    return c.json({ data: created } satisfies ApiSuccess<AdminTemplate>);
  })
  .put("/templates/:id", requireStaff(), renewsPublicLists, ...jsonBody(templateSchema), async (c) => {
    const before = await templateOrNotFound(c);
    const template = c.req.valid("json");
    await c.env.DB.batch([
      ...updateTemplate(c.env.DB, before.id, template),
      auditEntry(c.env.DB, {
        staffId: c.var.staff.id,
        action: "update_template",
        target: String(before.id),
        before: { name: before.name, messages: before.messages.map((message) => message.messageContent) },
        after: template,
      }),
    ]);
    return c.json({ data: await templateOrNotFound(c) } satisfies ApiSuccess<AdminTemplate>);
  })
  .delete("/templates/:id", requireStaff(), renewsPublicLists, async (c) => {
    const before = await templateOrNotFound(c);
    await c.env.DB.batch([
      deleteTemplate(c.env.DB, before.id),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "delete_template", target: String(before.id), before: { name: before.name } }),
    ]);
    return c.json({ data: { deleted: true } } satisfies ApiSuccess<{ deleted: true }>);
  })
  .get("/public_lists", requireStaff(), async (c) => c.json({ data: await listPublicLists(c.env.DB, origin(c), LISTS_SHOWN) } satisfies ApiSuccess<AdminPublicList[]>))
  .put("/public_lists", requireStaff(), renewsPublicLists, ...jsonBody(publicListSchema), async (c) => {
    const list = c.req.valid("json");
    await checkPublishable(c, list);
    const before = await getPublicList(c.env.DB, origin(c), list.date, list.week);
    await c.env.DB.batch([
      ...savePublicList(c.env.DB, list),
      auditEntry(c.env.DB, {
        staffId: c.var.staff.id,
        action: "save_public_list",
        target: `${list.week ? "week" : "day"} ${list.date}`,
        before: before ? { templateId: before.templateId, pids: before.pids } : undefined,
        after: { templateId: list.templateId, pids: list.pids },
      }),
    ]);
    const saved = await getPublicList(c.env.DB, origin(c), list.date, list.week);
    if (!saved) throw new Error("the public list was not stored");
    return c.json({ data: saved } satisfies ApiSuccess<AdminPublicList>);
  })
  .delete("/public_lists/:id", requireStaff(), renewsPublicLists, async (c) => {
    const list = await getPublicListById(c.env.DB, origin(c), parseOrThrow(listId, c.req.param("id")));
    if (!list) throw notFound("There is no such list.");
    await c.env.DB.batch([
      deletePublicList(c.env.DB, list.id),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "delete_public_list", target: `${list.week ? "week" : "day"} ${list.date}`, before: { pids: list.pids } }),
    ]);
    return c.json({ data: { deleted: true } } satisfies ApiSuccess<{ deleted: true }>);
  });

export default adminPublicPages;
