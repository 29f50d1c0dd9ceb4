import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { AFTER_PAINT_TEMPLATE_ID, AGENCY_NAME_PLACEHOLDER, AGENCY_PHONE_PLACEHOLDER } from "#shared/page-placeholders.ts";
import { registerThroughApi, screenshot, signIn } from "./support/members.ts";
import { recordScreenShifts, screenShifts } from "./support/screen-shifts.ts";

// The pages prerendered at build time (ADR 0031): their HTML already shows
// the screen with the agency's configured name and phone, and the browser
// adopts that markup without a hydration mismatch and without moving it.

const AGENCY_NAME = "Sri Lakshmi Marriage Bureau";
const AGENCY_PHONE = "+91 98765 43210";

const PAGES = [
  { path: "/login", heading: "Login", title: "Login" },
  // Where to go after signing in (login-form.tsx) changes nothing the page renders.
  { path: "/login?profile=10001", heading: "Login", title: "Login" },
  { path: "/new_registration", heading: "New Member Registration", title: "New Registration" },
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

for (const { path, heading, title } of PAGES) {
  test(`${path} arrives rendered and titled, with the agency filled in`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`>${heading}</h1>`);
    // Named in a tab and in WhatsApp's browser bar before any script runs, as the screen names itself.
    expect(html).toContain(`<title>${title} | ${AGENCY_NAME}</title>`);
    expect(html).toContain(AGENCY_NAME);
    expect(html).toContain(`href="tel:${AGENCY_PHONE.replace(/ /g, "")}"`);
    expect(html).not.toContain(AGENCY_NAME_PLACEHOLDER);
    expect(html).not.toContain(AGENCY_PHONE_PLACEHOLDER);
    // The application's code (start.tsx and the screen's) waits in a template
    // until the first paint, so that the styles have the network to
    // themselves (vite.config.ts); the page's entry is all it fetches before.
    const held = new RegExp(`<template id="${AFTER_PAINT_TEMPLATE_ID}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? "";
    const application = /<link rel="modulepreload" crossorigin href="\/assets\/start-[\w-]+\.js">/;
    expect(held).toMatch(application);
    expect(html.replace(held, "")).not.toMatch(application);
    // Nor does the entry itself import the application or React (a module it shares with them would).
    expect(html.replace(held, "")).not.toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/(app|framework)-[\w-]+\.js">/);
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
      return {
        sameNode: before !== null && before === now,
        ownedByReact: now !== null && Object.keys(now).some((key) => key.startsWith("__reactFiber")),
        text: before?.textContent,
      };
    });
    // React took over the very element the HTML brought, rather than rendering a new one.
    expect(adopted).toEqual({ sameNode: true, ownedByReact: true, text: heading });
    // The held-back preloads were put in place once the page had painted.
    expect(await page.locator('head > link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await screenshot(page, testInfo, `prerendered${path.replace(/\W+/g, "-")}`, false);
  });
}

// The header's signed-in bar fills in once the current user arrives; its room
// is kept from the first paint, so the screen under it does not move (ADR 0031).
// The page is prerendered without a query, and hydration keeps an adopted
// attribute as the HTML had it: what the query adds must still arrive.
test("/login?pid= (after registering) fills the Profile ID in, and the forgot-password link keeps it", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/login?pid=10001");
  await expect(page.getByLabel("Profile ID")).toHaveValue("10001");
  await expect(page.getByRole("link", { name: /forgot/i })).toHaveAttribute("href", "/forgot_password?pid=10001");
  expect(problems).toEqual([]);
});

test("a signed-in page does not move when the member's name arrives", async ({ page, request }, testInfo) => {
  const member = await registerThroughApi(request, testInfo);
  await signIn(page, member.pid, member.password);
  await recordScreenShifts(page);
  // The member's details are held back until the page shows it is loading, as on a slow phone.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/users/current", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/search_id?pid=1");
  await expect(page.getByRole("status")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Search By ID" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toContainText(`Profile ID ${member.pid}`);
  await page.waitForLoadState("networkidle");
  expect(await screenShifts(page)).toEqual([]);
});
