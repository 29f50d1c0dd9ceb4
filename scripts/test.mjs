// `npm test`: installs what is missing, then type checks, runs the unit and
// worker tests (inside workerd, real D1 and R2), builds the web app and runs
// the end-to-end tests in Debian's Chromium against a freshly seeded
// `wrangler dev`.
import { ensureChromium, ensureDependencies, ensureDevVars, log, run } from "./lib/setup.mjs";

ensureDependencies();
ensureDevVars();
ensureChromium();
log("Type checking");
run("npx", ["tsc", "-b"]);
log("Unit and worker tests");
run("npx", ["vitest", "run"]);
log("Building the web app");
run("npx", ["vite", "build", "--logLevel", "warn"]);
log("End-to-end tests");
run("npx", ["playwright", "test"]);
log("All tests passed");
