// `npm test`: installs what is missing, then checks format and lint, unused
// files, exports and dependencies, and the generated Worker types (ADR 0038),
// type checks, runs the unit and worker tests (inside workerd, real D1 and
// R2; the import boundaries are a unit test), builds the web app and runs
// the end-to-end tests in Debian's Chromium against a freshly seeded
// `wrangler dev` (scripts/e2e-server.mjs, ADR 0019). Ends with one line
// counting every test.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium, ensureDependencies, ensureDevVars, log, root, run } from "./lib/setup.mjs";

// Not test-results/: Playwright empties that folder when it starts.
const REPORTS = join(root, ".test-reports");

ensureDependencies();
ensureDevVars();
ensureChromium();
mkdirSync(REPORTS, { recursive: true });

log("Format and lint (Biome), unused code (knip), generated Worker types");
run("npx", ["biome", "check", "."]);
run("npx", ["knip"]);
run("npm", ["run", "--silent", "types:check"]);
log("Type checking");
run("npx", ["tsc", "-b"]);
log("Unit and worker tests");
run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${join(REPORTS, "vitest.json")}`]);
log("Building the web app");
run("npx", ["vite", "build", "--logLevel", "warn"]);
log("End-to-end tests");
run("npx", ["playwright", "test", "--reporter=list,json"], {
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, "playwright.json") },
});

const vitest = JSON.parse(readFileSync(join(REPORTS, "vitest.json"), "utf8"));
const playwright = JSON.parse(readFileSync(join(REPORTS, "playwright.json"), "utf8")).stats;
const passed = vitest.numPassedTests + playwright.expected;
const failed = vitest.numFailedTests + playwright.unexpected + playwright.flaky;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.skipped;
console.log(`\nunit+worker: ${vitest.numPassedTests} passed; end-to-end: ${playwright.expected} passed`);
console.log(`Total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
