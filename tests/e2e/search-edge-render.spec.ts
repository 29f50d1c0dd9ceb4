import { expect as baseExpect, test, type BrowserContext, type Page } from "@playwright/test";
import { PAGE_SESSION_COOKIE } from "#shared/page-session.ts";
import { SEARCH_LISTS, SEARCH_PAGE_DATA_ID, type SearchPageData } from "#shared/search-lists.ts";
import { screenshot } from "./support/members.ts";
import { consoleProblems, holdScripts } from "./support/edge-rendered.ts";
import { recordScreenShifts, screenShifts } from "./support/screen-shifts.ts";
import { apiSignIn, perProject, storeSession, type Session } from "./support/search-helpers.ts";

// A signed-in member's /search is rendered by the Worker (ADR 0041): once the
// application has kept the page-session cookie beside the stored token, the
// next /search comes with the member's screen in its HTML, and the
// application adopts it (the same DOM nodes, no console error, nothing
// moves) without asking for the lists. A session ended elsewhere or signed
// out gets nothing of the member's.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const LIST_CALL = new RegExp(`^/api/(${SEARCH_LISTS.join("|")})$`);

async function pageSession(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === PAGE_SESSION_COOKIE)?.value;
}

/** Signs in as the login screen does, and opens /search once: the application keeps the page-session cookie with the server's answer. */
async function signedInOnce(page: Page, session: Session): Promise<void> {
  await storeSession(page, session);
  await page.goto("/search");
  await expect(page.locator("article[data-pid]").first()).toBeVisible();
  await expect.poll(() => pageSession(page.context())).toBe(session.token);
}

for (const [kind, phone, desktop] of [
  ["free", 10001, 10011],
  ["paid", 10002, 10012],
] as const) {
  test(`a ${kind} member's /search is in its HTML, and the application adopts it without a change`, async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, phone, desktop));
    await signedInOnce(page, session);
    const seen = consoleProblems(page);
    await recordScreenShifts(page);
    const listCalls: string[] = [];
    page.on("request", (sent) => {
      if (LIST_CALL.test(new URL(sent.url()).pathname)) listCalls.push(sent.url());
    });
    const release = await holdScripts(page);
    // Not "domcontentloaded": it waits for the held module scripts.
    await page.goto("/search", { waitUntil: "commit" });

    // Before any script: the member's bar, the screen's heading, the note for their membership, the cards.
    await expect(page.getByTestId("signed-in-as")).toContainText(`Profile ID ${session.pid}`);
    await expect(page.getByRole("heading", { level: 1, name: "Search Profiles" })).toBeVisible();
    if (kind === "free") await expect(page.getByText("For more profiles, you need a paid membership.")).toBeVisible();
    else await expect(page.getByTestId("membership-summary")).toContainText("Balance profiles");
    const cards = page.locator("article[data-pid]");
    await expect(cards.first()).toBeVisible();
    await expect(page).toHaveTitle(/^Search Profiles \| /);
    const pids = await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute("data-pid")));
    await cards.evaluateAll((articles) => {
      for (const article of articles) article.setAttribute("data-from-html", "");
    });
    await screenshot(page, testInfo, `search-edge-html-${kind}`, false);
    await page.evaluate(() => document.fonts.ready);
    // Asked again once its 2 s are over (§ "9. Business constants and limits"), the API answers
    // what the Worker drew from: the page is compared with that, not with what other tests
    // running beside this one (a charged view, a staff change of tier) changed since.
    const sent = JSON.parse((await page.locator(`#${SEARCH_PAGE_DATA_ID}`).textContent()) ?? "") as SearchPageData;
    await page.route(/\/api\/users\/current$/, (route) => route.fulfill({ json: { data: sent.user } }));
    await page.route(/\/api\/Simple_Search_Profiles\?/, (route) => route.fulfill({ json: { data: sent.list } }));

    release();
    // Adopted: the main area is usable only then, and the data block was read.
    await expect(page.locator("main")).not.toHaveAttribute("inert");
    await expect(page.locator(`#${SEARCH_PAGE_DATA_ID}`)).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    // The same elements, in the same order: adopted, not drawn again.
    expect(await page.locator("article[data-from-html]").evaluateAll((articles) => articles.map((article) => article.getAttribute("data-pid")))).toEqual(pids);
    expect(listCalls).toEqual([]);
    expect(await screenShifts(page)).toEqual([]);
    expect(seen).toEqual([]);

    // And the screen works: a card's details open.
    const more = cards.first().getByRole("button", { name: /Show more details/ });
    if (await more.isVisible()) {
      await more.click();
      await expect(cards.first().getByRole("button", { name: /Show less details/ })).toBeVisible();
    }
    await screenshot(page, testInfo, `search-edge-${kind}`, false);
  });
}

test("a session ended elsewhere gets nothing of the member's: the cookie is emptied and the screen ends on /login", async ({ page, request }, testInfo) => {
  const session = await apiSignIn(request, perProject(testInfo, 10001, 10011));
  await signedInOnce(page, session);
  // Any profile card attached to the page, however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector("article[data-pid]")) Object.assign(window, { cardShown: true });
    }).observe(document, { childList: true, subtree: true });
  });
  const ended = await request.post("/api/users/sign_out", { headers: { ...session.headers, Authorization: `Bearer ${session.token}` } });
  expect(ended.status(), await ended.text()).toBe(200);

  const response = await page.goto("/search");
  expect(await response?.text()).not.toContain(SEARCH_PAGE_DATA_ID);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => "cardShown" in window)).toBe(false);
  expect(await pageSession(page.context())).toBeUndefined();
});

test("Logout empties the cookie with the token: the next /search is a visitor's", async ({ page, request }, testInfo) => {
  const session = await apiSignIn(request, perProject(testInfo, 10001, 10011));
  await signedInOnce(page, session);
  if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await pageSession(page.context())).toBeUndefined();
  const response = await page.goto("/search");
  expect(await response?.text()).not.toContain(SEARCH_PAGE_DATA_ID);
  await expect(page).toHaveURL(/\/login$/);
});
