// The names profile cards show for the ids members store (height, star,
// city, ...). Reference lists change only with a migration, which ships with
// a new deployment and so with new isolates: each isolate reads them once
// (about 250 rows) instead of every card joining ten lookup tables, ten rows
// read per card (docs/decisions/0010-search-and-matching.md).

const TABLES = ["heights", "subcastes", "religions", "stars", "padhams", "raasis", "profession_types", "cities", "annual_incomes", "districts"] as const;

export type CardNameTable = (typeof TABLES)[number];

export interface CardName {
  name: string | null;
  nameTe: string | null;
}

/** The name (and Telugu name) of `id` in `table`; nulls for a null or unknown id. */
export type CardNames = (table: CardNameTable, id: number | null) => CardName;

const NONE: CardName = { name: null, nameTe: null };
let loaded: Promise<CardNames> | null = null;

/** The isolate's names, read on first use; after a failed read the next request tries again. */
export function cardNames(db: D1Database): Promise<CardNames> {
  loaded ??= readNames(db).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

async function readNames(db: D1Database): Promise<CardNames> {
  const results = await db.batch<{ id: number; name: string; name_te: string | null }>(TABLES.map((table) => db.prepare(`SELECT id, name, name_te FROM ${table}`)));
  const byTable = new Map(TABLES.map((table, i) => [table, new Map(results[i]!.results.map((row) => [row.id, { name: row.name, nameTe: row.name_te }]))]));
  return (table, id) => (id === null ? undefined : byTable.get(table)?.get(id)) ?? NONE;
}
