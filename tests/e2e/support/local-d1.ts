import { execFileSync } from "node:child_process";

/** The e2e server's local state (scripts/e2e-server.mjs: one per E2E_PORT); E2E_STATE points at another server's. */
const port = process.env.E2E_PORT ?? "8799";
export const E2E_STATE = process.env.E2E_STATE ?? (port === "8799" ? ".wrangler/e2e-state" : `.wrangler/e2e-state-${port}`);

/**
 * Reads the e2e server's local D1 through wrangler's CLI, as a test reads a
 * member's WhatsApp messages. The running Worker writes to the same SQLite
 * file (outbox delivery and link analytics finish after their responses), so
 * a read can meet "database is locked" and is retried.
 */
export async function queryLocalDb<T>(sql: string): Promise<T[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const output = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--json", "--command", sql], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      const parsed = JSON.parse(output) as { results: T[] }[];
      return parsed[0]?.results ?? [];
    } catch (error) {
      const locked = /SQLITE_BUSY|database is locked/.test(String((error as { stderr?: unknown }).stderr ?? error));
      if (!locked || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
