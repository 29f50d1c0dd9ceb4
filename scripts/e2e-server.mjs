// The server the Playwright tests run against: a fresh local state with the
// migrations and demo data, served by `wrangler dev` on its own port so that
// it never touches the state of `npm start`. The web app must be built first
// (`npm test` does it).
import { rmSync } from "node:fs";
import { ensureDevVars, log, migrateLocal, run, runForever, writeUnlimitedConfig } from "./lib/setup.mjs";

const PORT = process.env.E2E_PORT ?? "8799";
// Another port gets its own state, so two suites can run side by side.
const STATE = PORT === "8799" ? ".wrangler/e2e-state" : `.wrangler/e2e-state-${PORT}`;

ensureDevVars();
rmSync(STATE, { recursive: true, force: true });
migrateLocal(STATE);
log("Seeding demo data for the end-to-end tests");
run("npx", ["tsx", "scripts/seed.ts", "--persist-to", STATE]);
// A config file per port too: wrangler dev reloads when its config file is
// rewritten, so a second suite starting must not touch the first one's.
runForever("npx", ["wrangler", "dev", "--config", writeUnlimitedConfig(PORT === "8799" ? "e2e" : `e2e-${PORT}`), "--port", PORT, "--ip", "127.0.0.1", "--persist-to", STATE]);
