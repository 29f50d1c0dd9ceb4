import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { te } from "#shared/i18n/te.ts";
import { chooseTelugu, expectAllTelugu, teluguListName } from "./support/telugu.ts";
import { apiSignIn, expectNoHorizontalOverflow, openAs, perProject, screenshot, searchPage, searchQuery } from "./support/search-helpers.ts";

// The app shell, /search with its filters, the profile cards, /search_id and
// /recommended_profiles in Telugu mode (ADR 0040, issue 16): every text from
// the Telugu catalogue, <html lang="te">, no axe violation, nothing wider
// than the screen, and screenshots to look at on a phone and a desktop.
// Nothing here changes data: the request dialog is opened and closed.

/** axe-core with lang="te" on the document: no violation of any impact. */
async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

function cards(page: Page) {
  return page.locator("article[data-pid]");
}

test.describe("Telugu mode", () => {
  test.beforeEach(async ({ context }) => {
    await chooseTelugu(context);
  });

  test("the search, its filters and the cards are in Telugu", async ({ page, request }, testInfo) => {
    test.slow();
    const phone = testInfo.project.name === "phone";
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));

    await openAs(page, session, "/search");
    await expect(page.getByRole("heading", { level: 1, name: te["lists.search"] })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: te["search.listAll"] })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${te["lists.search"]}`));
    await expectAllTelugu(page);
    await expectNoViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-search");

    // The card: its facts, the details folded away on a phone, and the request dialog.
    const card = cards(page).first();
    const more = card.getByRole("button", { name: te["card.showMore"] });
    if (await more.isVisible()) await more.click();
    await expect(card.getByRole("button", { name: te["card.showLess"] })).toBeVisible();
    await expect(card.getByText(te["card.star"], { exact: true })).toBeVisible();
    // The values of reference lists by their Telugu names (ADR 0040): the
    // card's religion and subcaste, as the lists name what the API answers.
    const cardPid = Number(await card.getAttribute("data-pid"));
    const answered = (await searchPage(session, 1)).profiles.find((profile) => profile.pid === cardPid);
    if (!answered) throw new Error("the first card is not on the first page of the search");
    const facts = card.locator("dd");
    await expect(facts.getByText(await teluguListName(request, "religions", answered.religion), { exact: true }).first()).toBeVisible();
    await expect(facts.getByText(await teluguListName(request, "subcastes", answered.subcaste), { exact: true }).first()).toBeVisible();
    await expectAllTelugu(page);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-te-card.png` });

    const ask = page.getByRole("button", { name: te["card.mainRequest"] }).first();
    if ((await ask.count()) > 0) {
      await ask.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("button", { name: te["card.yesSend"] })).toBeVisible();
      await expectAllTelugu(page);
      await expectNoViolations(page);
      await screenshot(page, testInfo, "te-card-request-dialog", false);
      await dialog.getByRole("button", { name: te["common.no"] }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }

    // The detailed search, through its form: a star by its Telugu name, and first marriages.
    if (phone) await page.getByRole("button", { name: te["search.filterProfiles"] }).click();
    const form = page.getByRole("form", { name: te["search.filterProfiles"] });
    await form.getByLabel(te["search.filterStar"]).selectOption({ label: "రోహిణి" });
    await form.getByLabel(te["search.filterMarriage"]).selectOption({ label: te["common.first"] });
    await form.getByRole("button", { name: te["common.search"] }).click();
    const chips = page.getByRole("list", { name: te["search.yourFilters"] }).getByRole("button");
    await expect(chips).toHaveCount(2);
    await expect(chips.first()).toHaveAccessibleName(`ఈ ఎంపిక తీసేయండి: ${te["search.filterStar"]} రోహిణి`);
    await expect(page.getByTestId("active-filters")).not.toContainText(te["search.searching"]);
    await expectAllTelugu(page);
    await expectNoViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-search-filters");

    // A search by ID: the first card's profile, or the member's own when no card matched.
    const pid = (await cards(page).count()) > 0 ? await cards(page).first().getAttribute("data-pid") : String(session.pid);
    await page.goto(`/search_id?pid=${pid}`);
    await expect(page.getByRole("heading", { level: 1, name: te["search.byId"] })).toBeVisible();
    await expect(page.locator("article[data-pid]")).toHaveCount(1);
    await expectAllTelugu(page);
    await expectNoViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-search-by-id");

    // Letters are not a Profile ID: said in Telugu, before any call.
    const calls: string[] = [];
    page.on("request", (call) => {
      if (call.url().includes("/api/single_user_profile/")) calls.push(call.url());
    });
    await page.getByRole("textbox", { name: te["common.profileId"] }).fill("abc");
    await page.getByRole("textbox", { name: te["common.profileId"] }).press("Enter");
    await expect(page.getByRole("alert")).toHaveText(te["search.idNotNumber"]);
    expect(calls).toEqual([]);
    await expectAllTelugu(page);
  });

  test("the recommended profiles are in Telugu", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, "/recommended_profiles");
    await expect(page.getByRole("heading", { level: 1, name: te["lists.recommended"] })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await expectAllTelugu(page);
    await expectNoViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-recommended");
  });

  test("a session check or a list that gets no answer says so in Telugu", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    // The API client's own texts for a call without an answer are English,
    // for the logs; the member reads the catalogue's (web/lib/failure-reason.ts).
    await page.route("**/api/users/current", (route) => route.abort("internetdisconnected"));
    await openAs(page, session, "/recommended_profiles");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(te["auth.stillSignedIn"].replace("{error}", te["common.unreachable"]));
    await expectAllTelugu(page);

    await page.unroute("**/api/users/current");
    await page.route("**/api/recommended_profiles", (route) => route.abort("internetdisconnected"));
    await alert.getByRole("button", { name: te["common.tryAgain"] }).click();
    await expect(page.getByRole("heading", { level: 1, name: te["lists.recommended"] })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(te["common.unreachable"]);
    await expectAllTelugu(page);
  });

  test("a filtered link opens with its chips in Telugu", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, `/search?q=${searchQuery({ v: "filter", f: { ageMin: 21, ageMax: 35, marriage: 1, minPoints: 18 } })}`);
    await expect(page.getByRole("heading", { level: 2, name: te["search.listFilter"] })).toBeVisible();
    const chips = page.getByRole("list", { name: te["search.yourFilters"] }).getByRole("button");
    await expect(chips).toHaveCount(4);
    await expect(chips.nth(3)).toContainText("18 లేదా ఎక్కువ (36 లో)");
    await expectAllTelugu(page);
    await expectNoViolations(page);
    await expectNoHorizontalOverflow(page);
  });
});
