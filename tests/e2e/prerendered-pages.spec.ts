import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { AGENCY_NAME_PLACEHOLDER, AGENCY_PHONE_PLACEHOLDER } from "../../shared/page-placeholders.ts";
import { screenshot } from "./support/members.ts";

// The pages prerendered at build time (ADR 0031): their HTML already shows
// the screen with the agency's configured name and phone, and the browser
// adopts that markup without a hydration mismatch and without moving it.

const AGENCY_NAME = "Sri Lakshmi Marriage Bureau";
const AGENCY_PHONE = "+91 98765 43210";

const PAGES = [
  { path: "/login", heading: "Login" },
  { path: "/new_registration", heading: "New Member Registration" },
];

/** Errors and warnings the page logs, hydration's included. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

for (const { path, heading } of PAGES) {
  test(`${path} arrives rendered, with the agency filled in`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toContain(AGENCY_NAME);
    expect(html).toContain(`href="tel:${AGENCY_PHONE.replace(/ /g, "")}"`);
    expect(html).not.toContain(AGENCY_NAME_PLACEHOLDER);
    expect(html).not.toContain(AGENCY_PHONE_PLACEHOLDER);
  });

  test(`${path} hydrates without a mismatch and without moving`, async ({ page }, testInfo) => {
    const problems = consoleProblems(page);
    // The heading as the HTML brought it, before any script ran.
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive") Object.assign(window, { prerenderedHeading: document.querySelector("h1") });
      });
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const adopted = await page.evaluate(() => {
      const before = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
      const now = document.querySelector("h1");
      return { sameNode: before !== null && before === now, ownedByReact: now !== null && Object.keys(now).some((key) => key.startsWith("__reactFiber")), text: before?.textContent };
    });
    // React took over the very element the HTML brought, rather than rendering a new one.
    expect(adopted).toEqual({ sameNode: true, ownedByReact: true, text: heading });
    expect(problems).toEqual([]);
    await screenshot(page, testInfo, `prerendered${path.replace(/\//g, "-")}`, false);
  });
}
