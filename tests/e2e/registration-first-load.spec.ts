import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { MESSAGES } from "#shared/messages.ts";
import { screenshot } from "./support/members.ts";
import { recordScreenShifts, screenShifts } from "./support/screen-shifts.ts";

// /new_registration's first load (ADR 0031, "the registration page's first
// load"): the form's code is not part of it. The prerendered form stays on
// screen, inert, while that code is on the way; React then adopts the very
// same markup, without a loading state in between and without moving it.

/** The form's own chunk (web/features/registration/components/registration-form.tsx). */
const FORM_CHUNK = "**/assets/registration-form-*.js";

/** Errors and warnings the page logs, hydration's included. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Keeps the form as the HTML brought it, and records every layout shift inside `main`. */
async function recordPrerenderedForm(page: Page): Promise<void> {
  await recordScreenShifts(page);
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") Object.assign(window, { prerenderedForm: document.querySelector("main form") });
    });
  });
}

/** Whether the form on screen is the one the HTML brought, and whether React owns it. */
function formState(page: Page): Promise<{ sameNode: boolean; ownedByReact: boolean; inert: boolean }> {
  return page.evaluate(() => {
    const before = (window as unknown as { prerenderedForm: Element | null }).prerenderedForm;
    const now = document.querySelector("main form");
    return {
      sameNode: before !== null && before === now,
      ownedByReact: now !== null && Object.keys(now).some((key) => key.startsWith("__reactFiber")),
      inert: now?.hasAttribute("inert") ?? false,
    };
  });
}

test("the registration form is shown before its code arrives, and adopted without a loading state or a shift", async ({ page }, testInfo) => {
  const problems = consoleProblems(page);
  await recordPrerenderedForm(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(FORM_CHUNK, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  await page.goto("/new_registration");

  // The rest of the page is live (the language switch works once it is),
  // while the form waits for its code: shown, but inert.
  await expect(page.getByTestId("language-switch")).toBeEnabled();
  await expect(page.locator("main")).not.toHaveAttribute("inert");
  expect(requested).toBe(true);
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  expect(await formState(page)).toEqual({ sameNode: true, ownedByReact: false, inert: true });
  // Each section is inert too until React has adopted it (they are adopted one after another).
  await expect(page.locator("main form > section[inert]")).toHaveCount(6);
  await screenshot(page, testInfo, "registration-before-form-code", false);

  // From here on, what moves is the adoption's doing, not the web fonts' arrival.
  await page.evaluate(async () => {
    await document.fonts.ready;
    (window as unknown as { layoutShifts: string[] }).layoutShifts.length = 0;
  });
  release();
  await expect(page.locator("main form")).not.toHaveAttribute("inert");
  await expect(page.locator("main form [inert]")).toHaveCount(0);
  expect(await formState(page)).toEqual({ sameNode: true, ownedByReact: true, inert: false });
  // What is typed as soon as the sections are live stays while the rest
  // arrives (the reference lists fill their selects meanwhile).
  const name = page.getByLabel(/^Name/).first();
  await name.fill("Ramana");
  await page.waitForLoadState("networkidle");
  await expect(name).toHaveValue("Ramana");
  expect(await screenShifts(page)).toEqual([]);

  // The form works: an empty Submit names what is missing.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(MESSAGES.requiredFieldsBanner, { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a switch to Telugu before the form's code arrives ends with the form in Telugu, working", async ({ page }) => {
  const problems = consoleProblems(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(FORM_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/new_registration");
  await page.getByTestId("language-switch").click();
  await expect(page.getByRole("heading", { level: 1, name: "కొత్త సభ్యుల నమోదు" })).toBeVisible();
  release();
  const submit = page.getByRole("button", { name: "సమర్పించండి" });
  await expect(submit).toBeVisible();
  await expect(page.locator("main form")).not.toHaveAttribute("inert");
  await page.getByLabel(/^పేరు/).first().fill("Ramana");
  await expect(page.getByLabel(/^పేరు/).first()).toHaveValue("Ramana");
  await submit.click();
  await expect(page.locator("main form [aria-invalid=true]").first()).toBeFocused();
  expect(problems).toEqual([]);
});

test("opened from another screen, the registration form arrives with its code", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/login");
  await expect(page.getByTestId("language-switch")).toBeEnabled();
  // On a phone the links are in the Menu.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation").getByRole("link", { name: "New Registration" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Member Registration" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled({ timeout: 15_000 });
  await expect(page.locator("main form")).not.toHaveAttribute("inert");
  expect(problems).toEqual([]);
});
