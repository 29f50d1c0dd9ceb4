// The server the Playwright tests run against: a fresh local state with the
// migrations and demo data, served by `wrangler dev` on its own port so that
// it never touches the state of `npm start`. The web app must be built first
// (`npm test` does it).
import { rmSync } from "node:fs";
import { startRetryingProxy } from "./lib/dev-proxy-retry.mjs";
import { ensureDevVars, log, migrateLocal, run, runForever, writeTestServerConfig } from "./lib/setup.mjs";

const PORT = process.env.E2E_PORT ?? "8799";
// Another port gets its own state, so two suites can run side by side.
const STATE = PORT === "8799" ? ".wrangler/e2e-state" : `.wrangler/e2e-state-${PORT}`;

ensureDevVars();
rmSync(STATE, { recursive: true, force: true });
migrateLocal(STATE);
log("Seeding demo data for the end-to-end tests");
run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE]);
const config = writeTestServerConfig(PORT === "8799" ? "e2e" : `e2e-${PORT}`, STATE);
// Nothing may restart the Worker during the run (see writeTestServerConfig):
// no config watching, no hotkeys, and a dev registry of its own, which other
// wrangler dev processes on the machine do not touch. The tests reach it
// through a proxy on PORT that sends a request wrangler's dev proxy lost once
// more (dev-proxy-retry.mjs).
const WRANGLER_PORT = String(Number(PORT) + 1000);
startRetryingProxy(PORT, `http://127.0.0.1:${WRANGLER_PORT}`);
runForever(
  "npx",
  ["wrangler", "dev", "--config", config, "--port", WRANGLER_PORT, "--ip", "127.0.0.1", "--persist-to", STATE, "--show-interactive-dev-session=false"],
  { WRANGLER_CI_DISABLE_CONFIG_WATCHING: "true", WRANGLER_REGISTRY_PATH: `${STATE}/dev-registry` },
);
