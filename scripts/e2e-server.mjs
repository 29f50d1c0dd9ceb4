// The server the Playwright tests run against: a fresh local state with the
// migrations and demo data, served by the test server (lib/test-server.mjs:
// the deploy bundle in Miniflare) on its own port so that it never touches
// the state of `npm start`, and WhatsApp's Cloud API played by the tests'
// stand-in (tests/support), with the product's templates submitted to it by
// `npm run whatsapp:templates` and its receipts sent to the Worker's webhook,
// signed. The web app must be built first (`npm test` does it).
import { rmSync } from "node:fs";
import { startCloudApiStandIn } from "#tests/support/whatsapp-cloud-api-stand-in.mjs";
import { ensureDevVars, log, migrateLocal, run, runAsync } from "./lib/setup.mjs";
import { startTestServer } from "./lib/test-server.mjs";

const PORT = process.env.E2E_PORT ?? "8799";
// Another port gets its own state, so two suites can run side by side.
const STATE = PORT === "8799" ? ".wrangler/e2e-state" : `.wrangler/e2e-state-${PORT}`;
// Where the tests find the stand-in (tests/e2e/support/e2e-server.ts).
const WHATSAPP_PORT = Number(PORT) + 2000;
const WHATSAPP = { phoneNumberId: "e2e-phone", businessAccountId: "e2e-waba", token: "e2e-token", appSecret: "e2e-app-secret" };

ensureDevVars();
rmSync(STATE, { recursive: true, force: true });
migrateLocal(STATE);
log("Seeding demo data for the end-to-end tests");
run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE]);

const standIn = await startCloudApiStandIn({ port: WHATSAPP_PORT });
await fetch(`${standIn.url}/__phone/${WHATSAPP.phoneNumberId}`, {
  method: "POST",
  body: JSON.stringify({ waba: WHATSAPP.businessAccountId, appSecret: WHATSAPP.appSecret, webhookUrl: `http://127.0.0.1:${PORT}/api/whatsapp/webhook` }),
});
log("Submitting the WhatsApp templates to the Cloud API stand-in");
// Not `run`: it would block this process, which serves the stand-in.
await runAsync("npx", ["tsx", "scripts/whatsapp-templates.ts", "--site", "https://e2e.example"], {
  env: { ...process.env, WHATSAPP_TOKEN: WHATSAPP.token, WHATSAPP_BUSINESS_ACCOUNT_ID: WHATSAPP.businessAccountId, WHATSAPP_API_URL: `${standIn.url}/v21.0` },
});

// Miniflare stops the runtime with this process (SIGINT, SIGTERM or exit).
await startTestServer({
  stateDir: STATE,
  port: Number(PORT),
  vars: {
    WHATSAPP_API_URL: `${standIn.url}/v21.0`,
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: "e2e-verify-token",
  },
});
log(`Serving on http://localhost:${PORT}`);
