import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Two projects: pure logic in Node, and the API inside workerd against real
// D1 and R2 with the migrations of worker/migrations applied in setup.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("worker/migrations");
  return {
    test: {
      projects: [
        {
          test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // Not the built SPA (dist/client, wrangler.toml): Miniflare lists its
                // files once at start, and a build running meanwhile deletes and
                // rewrites them, so a page answered 500 ("in the manifest but not on
                // disk"). A stand-in index.html no build touches answers every page.
                assets: { directory: "tests/worker/setup/assets" },
                // Tests sign in and register far more often than a person:
                // generous limits here, and a tight one for the rate-limit test.
                ratelimits: {
                  SIGN_IN_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  LINK_SIGN_IN_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  REGISTRATION_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  INTEREST_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  CODE_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  API_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  LINK_PAGE_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  PRIVACY_LIMIT: { simple: { limit: 100_000, period: 60 } },
                  TEST_TIGHT_LIMIT: { simple: { limit: 3, period: 60 } },
                },
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  SESSION_SECRET: "test-session-secret-0123456789abcdef",
                  PASSWORD_PEPPER: "test-password-pepper-0123",
                  // The webhook's secrets; the Cloud API itself is configured per test (its stand-in's URL).
                  WHATSAPP_APP_SECRET: "test-whatsapp-app-secret",
                  WHATSAPP_VERIFY_TOKEN: "test-verify-token",
                },
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["tests/worker/setup/apply-migrations.ts"],
            // Local HTTP stand-ins for the WhatsApp Cloud API and for an
            // external agency backend; their URLs reach the tests through
            // inject("whatsappStandInUrl") and inject("agencyBackendUrl").
            globalSetup: ["tests/worker/setup/whatsapp-stand-in.ts", "tests/worker/setup/agency-backend-stand-in.ts"],
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
