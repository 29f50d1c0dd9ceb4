import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT } from "./tests/e2e/support/e2e-server.ts";

// End-to-end tests: Debian's Chromium against the deploy bundle in Miniflare
// on a fresh local state (scripts/e2e-server.mjs migrates, seeds and serves on
// port 8799, or E2E_PORT), at a phone and a desktop viewport (ADR
// 0013). The web app must be built first (`npm test` does it; or
// `npx vite build`).

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: E2E_PORT === 8799 ? "test-results" : `test-results-${E2E_PORT}`,
  // One server and one database for all tests: sign-in back-off is counted
  // per Profile ID, so the specs choose distinct accounts per project.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      // No network beyond localhost and no background traffic; Playwright
      // gives every test a fresh profile.
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    {
      name: "phone",
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: "desktop",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
