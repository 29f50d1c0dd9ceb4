import type { LookupItem } from "#shared/api-types.ts";

// Reference lists (§ "7. The calls the product makes", "GET heights, stars, ..."). The endpoint names
// are the specification's; each maps to one table. Table names come from this
// fixed map only, never from the request.

interface ListSpec {
  table: string;
  /** Extra columns beyond id, name, name_te. */
  extra: readonly ("cm" | "state_id" | "basic_education_id")[];
}

export const REFERENCE_LISTS = {
  heights: { table: "heights", extra: ["cm"] },
  stars: { table: "stars", extra: [] },
  padhams: { table: "padhams", extra: [] },
  subcastes: { table: "subcastes", extra: [] },
  religions: { table: "religions", extra: [] },
  basic_education: { table: "basic_educations", extra: [] },
  qualifications: { table: "qualifications", extra: ["basic_education_id"] },
  raasis: { table: "raasis", extra: [] },
  profession_types: { table: "profession_types", extra: [] },
  cities: { table: "cities", extra: ["state_id"] },
  states: { table: "states", extra: [] },
  districts: { table: "districts", extra: ["state_id"] },
  countries: { table: "countries", extra: [] },
  visa: { table: "visas", extra: [] },
  annual_income: { table: "annual_incomes", extra: [] },
  family_background: { table: "family_backgrounds", extra: [] },
} as const satisfies Record<string, ListSpec>;

export type ReferenceListName = keyof typeof REFERENCE_LISTS;

interface LookupRow {
  id: number;
  name: string;
  name_te: string | null;
  cm?: number;
  state_id?: number | null;
  basic_education_id?: number | null;
}

function toItem(row: LookupRow): LookupItem {
  const item: LookupItem = { id: row.id, name: row.name };
  if (row.name_te) item.nameTe = row.name_te;
  if (row.cm != null) item.cm = row.cm;
  if (row.state_id != null) item.stateId = row.state_id;
  if (row.basic_education_id != null) item.basicEducationId = row.basic_education_id;
  return item;
}

/** A whole list in id order; districts (and cities) optionally of one state. */
export async function getReferenceList(db: D1Database, list: ReferenceListName, stateId?: number): Promise<LookupItem[]> {
  const spec: ListSpec = REFERENCE_LISTS[list];
  const columns = ["id", "name", "name_te", ...spec.extra].join(", ");
  const filtered = stateId !== undefined && spec.extra.includes("state_id");
  const sql = `SELECT ${columns} FROM ${spec.table}${filtered ? " WHERE state_id = ?1" : ""} ORDER BY id`;
  const statement = filtered ? db.prepare(sql).bind(stateId) : db.prepare(sql);
  const { results } = await statement.all<LookupRow>();
  return results.map(toItem);
}

/** A lookup id a payload names: which form field, which list, which id. */
export interface ReferenceCheck {
  field: string;
  list: ReferenceListName;
  id: number | null;
}

/**
 * The fields whose ids are not in their lists, in one query, so that a bad
 * id gets a message on its field instead of a foreign-key failure.
 */
export async function missingReferences(db: D1Database, checks: readonly ReferenceCheck[]): Promise<string[]> {
  const present = checks.filter((check): check is ReferenceCheck & { id: number } => check.id !== null);
  if (present.length === 0) return [];
  const columns = present.map((check, i) => `(SELECT count(*) FROM ${REFERENCE_LISTS[check.list].table} WHERE id = ?${i + 1}) AS c${i}`);
  const row = await db
    .prepare(`SELECT ${columns.join(", ")}`)
    .bind(...present.map((check) => check.id))
    .first<Record<string, number>>();
  return present.filter((_check, i) => !row?.[`c${i}`]).map((check) => check.field);
}

/** True when the district lies in the state (the districts list is filtered by stateId). */
export async function districtInState(db: D1Database, districtId: number, stateId: number): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS ok FROM districts WHERE id = ?1 AND state_id = ?2").bind(districtId, stateId).first();
  return row !== null;
}
