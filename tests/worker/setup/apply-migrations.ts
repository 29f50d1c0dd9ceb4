import { applyD1Migrations, env } from "cloudflare:test";

// The same migration files `wrangler d1 migrations apply` uses.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
