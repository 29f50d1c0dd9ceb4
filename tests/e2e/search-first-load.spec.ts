import { expect as baseExpect, test, type Page } from "@playwright/test";
import type { IssuedLink } from "#shared/admin-types.ts";
import { SEARCH_LISTS, SEARCH_LISTS_DATA_ID } from "#shared/search-lists.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { registerThroughApi, screenshot } from "./support/members.ts";
import { recordScreenShifts, screenShifts } from "./support/screen-shifts.ts";
import { apiSignIn, openAs, perProject, storeSession } from "./support/search-helpers.ts";

// A signed-in /search on a slow phone waits for as little as it can (ADR 0031):
// its reference lists come with the page, so that the screen waits for the
// route guard's GET users/current and its list's first page only. Nothing
// of the list shows before the server has vouched for the session, and an
// ended session still ends on /login.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const LIST_CALL = new RegExp(`/api/(${SEARCH_LISTS.join("|")})(\\?|$)`);
const SEARCH_CALL = "/api/Simple_Search_Profiles";
const CURRENT_USER = "**/api/users/current";

interface Watched {
  /** Every call of the API, in the order the page made them. */
  calls: string[];
  problems: string[];
}

/** The page's API calls and every console error or warning (a preload Chrome did not use is one). */
function watch(page: Page): Watched {
  const watched: Watched = { calls: [], problems: [] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) watched.calls.push(`${url.pathname}${url.search}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") watched.problems.push(message.text());
  });
  page.on("pageerror", (error) => watched.problems.push(error.message));
  return watched;
}

/** Holds GET users/current back until the returned function is called. */
async function holdCurrentUser(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CURRENT_USER, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const cards = (page: Page) => page.locator("article[data-pid]");
const searchCalls = (watched: Watched) => watched.calls.filter((call) => call.startsWith(SEARCH_CALL));

test("a signed-in /search comes with its lists and shows nothing of its list before users/current", async ({ page, request }, testInfo) => {
  const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
  const watched = watch(page);
  await recordScreenShifts(page);
  const releaseCurrentUser = await holdCurrentUser(page);
  await openAs(page, session, "/search");

  // While the guard's check is held back: the loading state, nothing of the list, nothing asked for it.
  await expect.poll(() => watched.calls).toContain("/api/users/current");
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect(searchCalls(watched)).toEqual([]);

  releaseCurrentUser();
  await expect(cards(page).first()).toBeVisible();
  // The first page asked for once, and none of the lists at all: the page brought them, read once.
  expect(searchCalls(watched)).toEqual([`${SEARCH_CALL}?page=1&order=tier`]);
  expect(watched.calls.filter((call) => LIST_CALL.test(call))).toEqual([]);
  await expect(page.locator(`#${SEARCH_LISTS_DATA_ID}`)).toHaveCount(0);
  // The filters read the lists the page brought: a paid member's star choices.
  const filters = page.getByRole("button", { name: "Filter profiles" });
  if (await filters.isVisible()) await filters.click();
  await expect(page.getByLabel("Star", { exact: true }).locator("option")).not.toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(await screenShifts(page)).toEqual([]);
  expect(watched.problems).toEqual([]);
  await screenshot(page, testInfo, "search-first-load", false);
});

test("a session ended elsewhere still ends on /login, and nothing of the list shows", async ({ page, request }, testInfo) => {
  const session = await apiSignIn(request, perProject(testInfo, 10001, 10011));
  const watched = watch(page);
  // Any profile card attached to the page, however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector("article[data-pid]")) Object.assign(window, { cardShown: true });
    }).observe(document, { childList: true, subtree: true });
  });
  await storeSession(page, session);
  const ended = await request.post("/api/users/sign_out", { headers: { ...session.headers, Authorization: `Bearer ${session.token}` } });
  expect(ended.status(), await ended.text()).toBe(200);

  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/users/current");
  await page.goto("/search");
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  expect(await page.evaluate(() => "cardShown" in window)).toBe(false);
  expect(searchCalls(watched)).toEqual([]);
});

// ADR 0042: the link page signs in and opens /search as the Worker renders it for the member.
test("a profile link that opens /search lands on the Worker's page, which brings the lists and the first page with it", async ({ page, request }, testInfo) => {
  const member = await registerThroughApi(request, testInfo, "F");
  const staff = await ownerSession();
  const issued = await staff.request.post(`/api/admin/members/${member.pid}/links`, { headers: staffHeaders(staff), data: { kind: "profile" } });
  expect(issued.status(), await issued.text()).toBe(200);
  const { url } = ((await issued.json()) as { data: IssuedLink }).data;
  const watched = watch(page);

  await page.goto(`${new URL(url).pathname}${new URL(url).search}`);
  await expect(page).toHaveURL(/\/search$/);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator("main")).not.toHaveAttribute("inert");
  expect(watched.calls.filter((call) => LIST_CALL.test(call))).toEqual([]);
  expect(searchCalls(watched)).toEqual([]);
  await expect(page.locator(`#${SEARCH_LISTS_DATA_ID}`)).toHaveCount(0);
});
