// Pages the Worker renders (ADR 0031: /link; ADR 0041: a signed-in /search)
// are read as their HTML drew them, before any script, and then as the
// application adopted them.
import type { Page } from "@playwright/test";

const SCRIPTS = /\/assets\/.*\.js$/;

/** Every console error or uncaught exception: a hydration mismatch and a CSP refusal are both. */
export function consoleProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.text().includes("hydrat")) seen.push(message.text());
  });
  page.on("pageerror", (error) => seen.push(error.message));
  return seen;
}

/** Holds the page's scripts until the returned function is called, so the page can be read as its HTML drew it. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
