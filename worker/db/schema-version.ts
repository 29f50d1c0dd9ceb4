// The database's schema version: the last migration applied, as recorded in
// d1_migrations by `wrangler d1 migrations apply` (and by the worker tests'
// setup, which applies the same files). Fixed data is cached under it
// (worker/middleware/edge-cache.ts, ADR 0029).

export async function latestMigration(db: D1Database): Promise<string | null> {
  const row = await db.prepare("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1").first<{ name: string }>();
  return row?.name ?? null;
}
