import type { AdminPublicList, AdminTemplate } from "#shared/admin-types.ts";
import type { PublicMessage } from "#shared/api-types.ts";
import type { PublicListInput, TemplateInput } from "#shared/schemas/admin.ts";
import { hasConsented } from "./consents.ts";
import { limitClause } from "./limit-clause.ts";

// Public pages as the agency console edits them (ADR 0018): templates with
// their messages, and the lists of profiles behind /link?id= and /link?wid=.
// What a visitor reads of them is in public-pages.ts.

type TemplateRow = { id: number; name: string; updated_at: string; messages: string };

const TEMPLATE_COLUMNS = `t.id, t.name, t.updated_at,
  (SELECT json_group_array(json_object('id', id, 'messageContent', message_content))
   FROM (SELECT id, message_content FROM public_messages WHERE template_id = t.id ORDER BY position, id)) AS messages`;

function toAdminTemplate(row: TemplateRow): AdminTemplate {
  return { id: row.id, name: row.name, updatedAt: row.updated_at, messages: JSON.parse(row.messages) as PublicMessage[] };
}

export async function listAdminTemplates(db: D1Database): Promise<AdminTemplate[]> {
  const { results } = await db.prepare(`SELECT ${TEMPLATE_COLUMNS} FROM public_templates t ORDER BY t.updated_at DESC, t.id DESC`).all<TemplateRow>();
  return results.map(toAdminTemplate);
}

export async function getAdminTemplate(db: D1Database, id: number): Promise<AdminTemplate | null> {
  const row = await db.prepare(`SELECT ${TEMPLATE_COLUMNS} FROM public_templates t WHERE t.id = ?1`).bind(id).first<TemplateRow>();
  return row && toAdminTemplate(row);
}

export async function templateExists(db: D1Database, id: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM public_templates WHERE id = ?1").bind(id).first()) !== null;
}

/** The messages of a template in the order given: of template `templateId`, or of the one just created. */
function insertMessages(db: D1Database, messages: string[], templateId: number | "newest"): D1PreparedStatement {
  // A batch is one transaction and D1 runs one writer at a time, so the
  // template created earlier in the batch is the newest one here.
  const template = templateId === "newest" ? "(SELECT MAX(id) FROM public_templates)" : "?2";
  const statement = db.prepare(`INSERT INTO public_messages (template_id, position, message_content) SELECT ${template}, key, value FROM json_each(?1)`);
  return templateId === "newest" ? statement.bind(JSON.stringify(messages)) : statement.bind(JSON.stringify(messages), templateId);
}

/** A new template and its messages, for one batch. */
export function createTemplate(db: D1Database, template: TemplateInput): D1PreparedStatement[] {
  return [db.prepare("INSERT INTO public_templates (name) VALUES (?1)").bind(template.name), insertMessages(db, template.messages, "newest")];
}

/** Renames a template and replaces its messages, for one batch. */
export function updateTemplate(db: D1Database, id: number, template: TemplateInput): D1PreparedStatement[] {
  return [
    db.prepare("UPDATE public_templates SET name = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1").bind(id, template.name),
    db.prepare("DELETE FROM public_messages WHERE template_id = ?1").bind(id),
    insertMessages(db, template.messages, id),
  ];
}

/** Lists that used the template keep their profiles and show no messages (ON DELETE SET NULL). */
export function deleteTemplate(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare("DELETE FROM public_templates WHERE id = ?1").bind(id);
}

/**
 * The Profile IDs among `pids` that cannot appear on a public page: unknown
 * or deactivated, not published by the agency's setting, or whose member has
 * not consented to being listed (ADR 0033).
 */
export async function unpublishablePids(db: D1Database, pids: number[]): Promise<{ unknown: number[]; notPublic: number[]; noConsent: number[] }> {
  const { results } = await db
    .prepare(
      `SELECT j.value AS pid, m.active, m.public_profile, ${hasConsented("publicList", "j.value")} AS consented
       FROM json_each(?1) j LEFT JOIN members m ON m.pid = j.value`,
    )
    .bind(JSON.stringify(pids))
    .all<{ pid: number; active: number | null; public_profile: string | null; consented: number }>();
  const listable = results.filter((row) => row.active === 1);
  return {
    unknown: results.filter((row) => row.active !== 1).map((row) => row.pid),
    notPublic: listable.filter((row) => row.public_profile === null).map((row) => row.pid),
    noConsent: listable.filter((row) => row.consented !== 1).map((row) => row.pid),
  };
}

/** Creates or replaces the list of a day or a week, for one batch: the list row, then its profiles in order. */
export function savePublicList(db: D1Database, list: PublicListInput): D1PreparedStatement[] {
  const listId = "(SELECT id FROM public_lists WHERE list_date = ?1 AND is_week = ?2)";
  const week = list.week ? 1 : 0;
  return [
    db
      .prepare(
        `INSERT INTO public_lists (list_date, is_week, template_id) VALUES (?1, ?2, ?3)
         ON CONFLICT (list_date, is_week) DO UPDATE SET template_id = excluded.template_id`,
      )
      .bind(list.date, week, list.templateId),
    db.prepare(`DELETE FROM public_list_profiles WHERE list_id = ${listId}`).bind(list.date, week),
    db.prepare(`INSERT INTO public_list_profiles (list_id, pid, position) SELECT ${listId}, value, key FROM json_each(?3)`).bind(list.date, week, JSON.stringify(list.pids)),
  ];
}

interface ListRow {
  id: number;
  list_date: string;
  is_week: number;
  template_id: number | null;
  pids: string;
}

const LIST_SELECT = `SELECT l.id, l.list_date, l.is_week, l.template_id,
    COALESCE((SELECT json_group_array(pid) FROM (SELECT pid FROM public_list_profiles WHERE list_id = l.id ORDER BY position)), '[]') AS pids
  FROM public_lists l`;

function toList(row: ListRow, origin: string): AdminPublicList {
  const week = row.is_week === 1;
  return {
    id: row.id,
    date: row.list_date,
    week,
    templateId: row.template_id,
    pids: JSON.parse(row.pids) as number[],
    url: `${origin}/link?${week ? "wid" : "id"}=${row.list_date}`,
  };
}

/** The newest lists first (by their date), at most `limit`. */
export async function listPublicLists(db: D1Database, origin: string, limit: number): Promise<AdminPublicList[]> {
  const { results } = await db.prepare(`${LIST_SELECT} ORDER BY l.list_date DESC, l.is_week ${limitClause(limit)}`).all<ListRow>();
  return results.map((row) => toList(row, origin));
}

export async function getPublicList(db: D1Database, origin: string, date: string, week: boolean): Promise<AdminPublicList | null> {
  const row = await db
    .prepare(`${LIST_SELECT} WHERE l.list_date = ?1 AND l.is_week = ?2`)
    .bind(date, week ? 1 : 0)
    .first<ListRow>();
  return row ? toList(row, origin) : null;
}

export async function getPublicListById(db: D1Database, origin: string, id: number): Promise<AdminPublicList | null> {
  const row = await db.prepare(`${LIST_SELECT} WHERE l.id = ?1`).bind(id).first<ListRow>();
  return row ? toList(row, origin) : null;
}

export function deletePublicList(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare("DELETE FROM public_lists WHERE id = ?1").bind(id);
}
