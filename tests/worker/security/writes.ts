import { env } from "cloudflare:test";

// What a call wrote, so that the suite can hold the API to "a refusal
// writes nothing" (ADR 0027). D1 counts a change for every statement, reads
// included, so SQLite's total_changes() cannot tell; triggers would, but
// the Worker reads changes() and meta.changes, which they would disturb. So
// each table gets a fingerprint, all taken in one batch: its row count and,
// per column, the total of its numbers and of the length and three
// characters of its text. An insert, a delete or an update of any column
// changes it, short of an update that keeps the length, first, middle and
// last character of a text (a random token differs in one of them almost
// surely).

let fingerprintSql: string[] | undefined;

/** Builds, once, the statements (one per table) that fingerprint the schema. */
async function fingerprintStatements(): Promise<string[]> {
  if (fingerprintSql) return fingerprintSql;
  const { results } = await env.DB.prepare(
    `SELECT m.name AS tableName, p.name AS columnName FROM sqlite_master m JOIN pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND m.name NOT LIKE 'd1\\_%' ESCAPE '\\'
      ORDER BY m.name, p.cid`,
  ).all<{ tableName: string; columnName: string }>();
  const columns = new Map<string, string[]>();
  for (const { tableName, columnName } of results) columns.set(tableName, [...(columns.get(tableName) ?? []), columnName]);
  // Names come from the schema itself, never from input.
  const parts = [...columns].map(([table, names]) => {
    const totals = names.map((name) => {
      const c = `"${name}"`;
      return `printf('%.3f', TOTAL(CASE typeof(${c}) WHEN 'integer' THEN ${c} WHEN 'real' THEN ${c} WHEN 'null' THEN -1 WHEN 'blob' THEN length(${c})
        ELSE length(${c}) * 1000003 + unicode(${c}) * 1009 + unicode(substr(${c}, length(${c}) / 2 + 1)) * 31 + unicode(substr(${c}, -1)) END))`;
    });
    return `SELECT '${table}' AS name, json_array(COUNT(*), ${totals.join(", ")}) AS print FROM "${table}"`;
  });
  fingerprintSql = parts;
  return fingerprintSql;
}

export type Fingerprints = Map<string, string>;

export async function fingerprints(): Promise<Fingerprints> {
  const answers = await env.DB.batch<{ name: string; print: string }>((await fingerprintStatements()).map((sql) => env.DB.prepare(sql)));
  return new Map(answers.flatMap(({ results }) => results.map(({ name, print }): [string, string] => [name, print])));
}

/** The tables whose fingerprint differs, less those the route writes by design when it refuses. */
export function changedTables(before: Fingerprints, after: Fingerprints, allowed: readonly string[] = []): string[] {
  return [...after].filter(([table, print]) => before.get(table) !== print && !allowed.includes(table)).map(([table]) => table);
}

/** How many photo objects R2 holds: a refused upload must leave none behind. */
export async function photoCount(): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ prefix: "photos/", ...(cursor ? { cursor } : {}) });
    count += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return count;
}
