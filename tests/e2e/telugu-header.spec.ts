import { expect, test, type Locator, type Page } from "@playwright/test";
import { te } from "#shared/i18n/te.ts";
import { chooseTelugu, expectAllTelugu } from "./support/telugu.ts";
import { apiSignIn, expectNoHorizontalOverflow, expectNoSeriousViolations, openAs, perProject } from "./support/search-helpers.ts";

// The header in Telugu, whose labels run longer than English ones (ADR 0040):
// the language switch stays on the first row beside the agency's name, the
// member's lists keep one row of their own on a laptop (1280 and 1024 px),
// nothing runs off a phone's 390 px, and the switch's word never breaks.
// Pictures of the header in both languages at each width, to look at.

/** The top edge of an element, in CSS pixels. */
async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the element is not on the screen");
  return box.y;
}

async function headerPicture(page: Page, name: string): Promise<void> {
  await page.locator("header").screenshot({ path: `tests/e2e/screenshots/${name}.png` });
}

/** The switch sits on the first row, one line high; on a laptop the lists share one row under it. */
async function expectHeaderHolds(page: Page, laptop: boolean): Promise<void> {
  const header = page.locator("header");
  const name = header.locator('a [translate="no"]').first();
  const switcher = page.getByTestId("language-switch");
  await expect(switcher).toBeVisible();
  expect(Math.abs((await top(switcher)) - (await top(name))), "the switch is on the agency name's row").toBeLessThan(24);
  // One line of text: the button is no taller than its 48 px minimum.
  expect((await switcher.boundingBox())?.height).toBeLessThanOrEqual(48);
  if (laptop) {
    const links = page.locator("#site-nav li");
    const tops = new Set(await links.evaluateAll((items) => items.filter((item) => item.checkVisibility()).map((item) => Math.round(item.getBoundingClientRect().top))));
    expect(tops.size, "the lists on one row").toBe(1);
    expect(Math.min(...tops)).toBeGreaterThan(await top(switcher));
  }
  await expectNoHorizontalOverflow(page);
}

test.describe("the header in Telugu", () => {
  test("holds on a phone and on laptops, signed in, in Telugu and English", async ({ page, request }, testInfo) => {
    // axe over a page of cards takes long on a shared 2-core machine.
    test.slow();
    const phone = testInfo.project.name === "phone";
    const session = await apiSignIn(request, perProject(testInfo, 10003, 10013));
    await chooseTelugu(page.context());
    await openAs(page, session, "/search");
    await expect(page.getByRole("heading", { level: 1, name: te["lists.search"] })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toBeVisible();
    await expectAllTelugu(page);

    const widths = phone ? [390] : [1280, 1024];
    for (const width of widths) {
      if (!phone) await page.setViewportSize({ width, height: 800 });
      await expectHeaderHolds(page, !phone);
      await headerPicture(page, `${testInfo.project.name}-te-header-${width}`);
    }
    await expectNoSeriousViolations(page);

    // The same header in English, for comparison.
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    for (const width of widths) {
      if (!phone) await page.setViewportSize({ width, height: 800 });
      await expectHeaderHolds(page, !phone);
      await headerPicture(page, `${testInfo.project.name}-header-${width}`);
    }
  });

  test("holds for a visitor", async ({ page }, testInfo) => {
    const phone = testInfo.project.name === "phone";
    await chooseTelugu(page.context());
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    for (const width of phone ? [390] : [1280, 1024]) {
      if (!phone) await page.setViewportSize({ width, height: 800 });
      await expectHeaderHolds(page, false);
      await headerPicture(page, `${testInfo.project.name}-te-header-visitor-${width}`);
    }
    await expectAllTelugu(page);
  });
});
