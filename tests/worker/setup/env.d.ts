import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A real rate limiter allowing 3 calls a minute, for the rate-limit test. */
      TEST_TIGHT_LIMIT: RateLimit;
      /** The webhook's secrets (vitest.config.ts); in production they are `wrangler secret`s. */
      WHATSAPP_APP_SECRET: string;
      WHATSAPP_VERIFY_TOKEN: string;
    }
  }
}
