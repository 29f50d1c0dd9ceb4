import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MEMBER_DATA_MAP, SYSTEM_TABLE } from "#worker/db/member-data-map.ts";

// worker/db/member-data-map.ts names every table of the schema: a table
// added without a decision about a member's data in it fails here (ADR 0034).

async function schemaTables(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>();
  return results.map((row) => row.name).filter((name) => !SYSTEM_TABLE.test(name));
}

async function columnsOf(table: string): Promise<{ name: string; type: string }[]> {
  const { results } = await env.DB.prepare("SELECT name, type FROM pragma_table_info(?1)").bind(table).all<{ name: string; type: string }>();
  return results;
}

async function memberForeignKeys(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT "from" AS name FROM pragma_foreign_key_list(?1) WHERE "table" = \'members\'').bind(table).all<{ name: string }>();
  return results.map((row) => row.name);
}

/** Column names that hold a member's data wherever they appear. */
const MEMBER_COLUMN = /(^|_)(pid|mobile|digits)$|^(name|surname|photo_key|photo_blur_key|body|text|params|address|email|details)$/;

describe("the member data map", () => {
  it("names every table of the schema, and no table that is not in it", async () => {
    const tables = await schemaTables();
    expect(tables.filter((table) => !(table in MEMBER_DATA_MAP))).toEqual([]);
    expect(Object.keys(MEMBER_DATA_MAP).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it("names every column that points at a member, and only columns that exist", async () => {
    const missing: string[] = [];
    for (const table of await schemaTables()) {
      const entry = MEMBER_DATA_MAP[table];
      const columns = await columnsOf(table);
      const mapped = Object.keys(entry?.columns ?? {});
      for (const name of mapped) if (!columns.some((column) => column.name === name)) missing.push(`${table}.${name} (not in the table)`);
      for (const name of await memberForeignKeys(table)) if (!mapped.includes(name)) missing.push(`${table}.${name} (references members)`);
      if (entry?.erasure === "none") continue;
      for (const { name } of columns) if (MEMBER_COLUMN.test(name) && !mapped.includes(name)) missing.push(`${table}.${name} (looks like a member's data)`);
    }
    expect(missing).toEqual([]);
  });

  it("says why for every table", () => {
    for (const [table, entry] of Object.entries(MEMBER_DATA_MAP)) expect(entry.why.length, table).toBeGreaterThan(20);
  });
});
