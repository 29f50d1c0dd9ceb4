import { expect, test, type Locator, type Page } from "@playwright/test";
import type { ProfilePage } from "#shared/api-types.ts";
import {
  apiGet,
  apiSignIn,
  decodeSearchQuery,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  expectTouchTargets,
  openAs,
  perProject,
  screenshot,
  searchQuery,
  type Session,
} from "./support/search-helpers.ts";

// The detailed search's results on /search (ADR 0015): Search folds the
// filter panel on phones, brings the results to the top with how many were
// found and the applied filters as chips; a chip removes its filter, Clear
// all removes them all, and Change filters opens the panel with its values.
// Read-only: the MEMBER accounts the search tests use (pids 10002 and 10012).

const STAR = "Rohini – రోహిణి";

function cards(page: Page) {
  return page.locator("article[data-pid]");
}

/** The box above the results: the "found" line, the chips and their buttons. */
function activeFilters(page: Page) {
  return page.getByTestId("active-filters");
}

function foundLine(page: Page) {
  return activeFilters(page).locator("p").first();
}

function chips(page: Page) {
  return page.getByRole("list", { name: "Your filters" }).getByRole("button");
}

/** What GET eloborate_profile answers for the filters in the page's address. */
async function resultsFor(session: Session, page: Page): Promise<{ filters: Record<string, number>; list: ProfilePage }> {
  const decoded = decodeSearchQuery(page.url()) as { v?: string; f?: Record<string, number> } | null;
  expect(decoded?.v).toBe("filter");
  const filters = decoded?.f ?? {};
  const query = new URLSearchParams({ page: "1", ...Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)])) });
  const { data } = await apiGet<ProfilePage>(session, `/api/eloborate_profile?${query}`);
  if (!data) throw new Error("no detailed search page");
  return { filters, list: data };
}

/** The found line for page 1, as it must read: exact when no page follows, "more than" when one does. */
function expectedFound(list: ProfilePage): RegExp {
  const count = list.profiles.length;
  const noun = count === 1 ? "profile" : "profiles";
  if (count === 0) return /^No profiles found$/;
  return list.pageCount > list.page ? new RegExp(`^More than ${count} profiles found ${count} are shown on each page\\.$`) : new RegExp(`^${count} ${noun} found$`);
}

/** The element's top edge, in pixels from the top of the screen. */
function topOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top);
}

async function expectResultsAtTop(page: Page): Promise<void> {
  // The box of the results starts at the top of the screen (a small gap above it)...
  await expect.poll(() => topOf(activeFilters(page))).toBeGreaterThanOrEqual(0);
  await expect.poll(() => topOf(activeFilters(page))).toBeLessThanOrEqual(24);
  // ...with the list's heading and its first card on the screen below it.
  await expect(page.getByRole("heading", { level: 2, name: "Filtered profiles" })).toBeInViewport();
}

test.describe("detailed search results", () => {
  test("Search folds the panel, shows the count and chips at the top, and Change filters reopens the panel with its values", async ({ page, request }, testInfo) => {
    // A long journey with accessibility scans and screenshots: three times the usual time.
    test.slow();
    const phone = testInfo.project.name === "phone";
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, "/search");
    await expect(page.getByRole("heading", { level: 2, name: "All profiles" })).toBeVisible();
    // No results box before a detailed search.
    await expect(activeFilters(page)).toHaveCount(0);

    const toggle = page.getByRole("button", { name: "Filter profiles" });
    const form = page.getByRole("form", { name: "Filter profiles" });
    if (phone) await toggle.click();
    await form.getByLabel("Star").selectOption({ label: STAR });
    await form.getByLabel("Religion").selectOption({ label: "Hindu" });
    await form.getByLabel("Marriage").selectOption({ label: "First" });
    await form.getByRole("button", { name: "Search", exact: true }).click();

    await expect.poll(() => decodeSearchQuery(page.url())).toMatchObject({ v: "filter" });
    const { filters, list } = await resultsFor(session, page);
    expect(Object.keys(filters).sort()).toEqual(["marriage", "religion", "star"]);

    // Folded on phones (the toggle says so); the sidebar stays open on wide screens.
    if (phone) {
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(form).toBeHidden();
    } else {
      await expect(toggle).toBeHidden();
      await expect(form).toBeVisible();
    }

    // How many were found, where the member now is, and focus on it.
    await expect(foundLine(page)).toHaveText(expectedFound(list));
    await expect(foundLine(page)).toBeFocused();
    await expectResultsAtTop(page);
    await expect(cards(page)).toHaveCount(list.profiles.length);
    if (list.profiles[0]) await expect(cards(page).first()).toHaveAttribute("data-pid", String(list.profiles[0].pid));

    // The filters as chips, by name, in the form's order, each removable.
    await expect(chips(page)).toHaveCount(3);
    await expect(chips(page).nth(0)).toHaveAccessibleName("Remove filter: Star Rohini");
    await expect(chips(page).nth(1)).toHaveAccessibleName("Remove filter: Religion Hindu");
    await expect(chips(page).nth(2)).toHaveAccessibleName("Remove filter: Marriage First");
    await expect(chips(page).nth(0)).toHaveText("Star: Rohini (రోహిణి)");
    await expect(chips(page).nth(1)).toHaveText("Religion: Hindu");
    await expect(activeFilters(page).getByRole("button", { name: "Clear all" })).toBeVisible();
    const change = activeFilters(page).getByRole("button", { name: "Change filters" });
    if (phone) await expect(change).toBeVisible();
    else await expect(change).toBeHidden();

    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, "[data-testid=active-filters] button");
    await expectNoSeriousViolations(page);
    // What the member sees right after Search, and the whole page.
    await screenshot(page, testInfo, "search-filters-results", false);
    await screenshot(page, testInfo, "search-filters-results-page");

    // Change filters: the panel opens where it is, with the values of the search.
    if (phone) {
      await change.click();
      await expect(form).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(toggle).toBeFocused();
      await expect.poll(() => topOf(page.getByRole("region", { name: "Filter profiles" }))).toBeLessThanOrEqual(24);
      await expect.poll(() => topOf(page.getByRole("region", { name: "Filter profiles" }))).toBeGreaterThanOrEqual(0);
      await screenshot(page, testInfo, "search-filters-reopened", false);
    }
    await expect(form.getByLabel("Star")).toHaveValue(String(filters.star));
    await expect(form.getByLabel("Religion")).toHaveValue(String(filters.religion));
    await expect(form.getByLabel("Marriage")).toHaveValue("1");
    await expect(form.getByLabel("Age from")).toHaveValue("");

    // Search again with the same filters (the same address): the panel folds
    // and the results come back to the top all the same.
    await form.getByRole("button", { name: "Search", exact: true }).click();
    if (phone) await expect(form).toBeHidden();
    await expect(foundLine(page)).toBeFocused();
    await expectResultsAtTop(page);
    expect(decodeSearchQuery(page.url())).toMatchObject({ v: "filter", f: filters });
  });

  test("a chip removes its filter and keeps the others; Clear all shows all profiles", async ({ page, request }, testInfo) => {
    test.slow();
    const phone = testInfo.project.name === "phone";
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    // A shared link to a detailed search: Andhra Pradesh, one of its districts, Hindu, first marriage, ages 21 to 35.
    const districts = await apiGet<{ id: number; name: string }[]>(session, "/api/districts?stateId=1");
    const district = districts.data?.[0];
    if (!district) throw new Error("no districts of Andhra Pradesh");
    const start = { state: 1, district: district.id, religion: 1, marriage: 1, ageMin: 21, ageMax: 35 };
    await openAs(page, session, `/search?q=${searchQuery({ v: "filter", f: start })}`);
    await expect(page.getByRole("heading", { level: 2, name: "Filtered profiles" })).toBeVisible();
    await expect(chips(page)).toHaveCount(6);
    await expect(chips(page).nth(0)).toHaveAccessibleName("Remove filter: Age from 21");
    await expect(chips(page).nth(1)).toHaveAccessibleName("Remove filter: Age to 35");
    await expect(chips(page).nth(2)).toHaveAccessibleName("Remove filter: Religion Hindu");
    await expect(chips(page).nth(3)).toHaveAccessibleName("Remove filter: State Andhra Pradesh");
    // The district by its name, from the state's list.
    await expect(chips(page).nth(4)).toHaveAccessibleName(`Remove filter: District ${district.name}`);
    await expect(chips(page).nth(5)).toHaveAccessibleName("Remove filter: Marriage First");
    const before = await resultsFor(session, page);
    await expect(foundLine(page)).toHaveText(expectedFound(before.list));

    // Religion goes; the other five stay, and the list is asked for again without it.
    await chips(page).nth(2).click();
    await expect.poll(() => decodeSearchQuery(page.url())).toEqual({ v: "filter", f: { ageMin: 21, ageMax: 35, state: 1, district: district.id, marriage: 1 } });
    await expect(chips(page)).toHaveCount(5);
    await expect(page.getByRole("button", { name: "Remove filter: Religion Hindu" })).toHaveCount(0);
    const withoutReligion = await resultsFor(session, page);
    await expect(foundLine(page)).toHaveText(expectedFound(withoutReligion.list));
    await expect(cards(page)).toHaveCount(withoutReligion.list.profiles.length);
    if (withoutReligion.list.profiles[0]) await expect(cards(page).first()).toHaveAttribute("data-pid", String(withoutReligion.list.profiles[0].pid));
    // Focus stays among the chips: on the one that took the removed chip's place.
    await expect(page.getByRole("button", { name: "Remove filter: State Andhra Pradesh" })).toBeFocused();
    // The form follows the list (open on wide screens; folded on phones).
    const form = page.getByRole("form", { name: "Filter profiles" });
    if (!phone) await expect(form.getByLabel("Religion")).toHaveValue("");

    // The state takes its district with it, as in the form; the keyboard works too.
    await page.keyboard.press("Enter");
    await expect.poll(() => decodeSearchQuery(page.url())).toEqual({ v: "filter", f: { ageMin: 21, ageMax: 35, marriage: 1 } });
    await expect(chips(page)).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Remove filter: Marriage First" })).toBeFocused();
    const three = await resultsFor(session, page);
    await expect(foundLine(page)).toHaveText(expectedFound(three.list));
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "search-filters-chip-removed", false);

    // Clear all: every filter goes, all profiles come to the top.
    await activeFilters(page).getByRole("button", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/search$/);
    const allHeading = page.getByRole("heading", { level: 2, name: "All profiles" });
    await expect(allHeading).toBeFocused();
    await expect(allHeading).toBeInViewport();
    await expect(activeFilters(page)).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    if (!phone) await expect(form.getByLabel("Marriage")).toHaveValue("");
  });

  test("one chip has no Clear all; removing it shows all profiles", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, `/search?q=${searchQuery({ v: "filter", f: { star: 4 } })}`);
    await expect(chips(page)).toHaveCount(1);
    await expect(activeFilters(page).getByRole("button", { name: "Clear all" })).toHaveCount(0);
    await page.getByRole("button", { name: "Remove filter: Star Rohini" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 2, name: "All profiles" })).toBeFocused();
  });
});
