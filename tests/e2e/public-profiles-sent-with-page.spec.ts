import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AdminPublicList } from "#shared/admin-types.ts";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { PUBLIC_LIST_DATA_ID } from "#shared/public-list.ts";
import { DAY_TEMPLATE_ID, WEEK_TEMPLATE_ID } from "#scripts/demo/generate-public-lists.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { screenshot } from "./support/members.ts";
import { recordScreenShifts, screenShifts } from "./support/screen-shifts.ts";
import { apiSignIn, openAs, perProject } from "./support/search-helpers.ts";

// A /link page arrives with its list (ADR 0031): the Worker renders the cards
// into the HTML and sends the answers they came from; the screen adopts them
// without asking the API, and nothing on the screen moves afterwards. The
// seeder's day and week lists, read as the agency's console lists them.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const LIST_CALLS = /\/api\/(whatsapp\/public_profiles|public_messages)/;

async function seededList(request: APIRequestContext, week: boolean): Promise<{ date: string; cards: PublicCard[]; messages: PublicMessage[] }> {
  const staff = await ownerSession();
  const lists = ((await (await staff.request.get("/api/admin/public_lists", { headers: staffHeaders(staff) })).json()) as { data: AdminPublicList[] }).data;
  const list = lists.find((candidate) => candidate.week === week && candidate.templateId === (week ? WEEK_TEMPLATE_ID : DAY_TEMPLATE_ID));
  if (!list) throw new Error("The seeder published no list");
  const flag = week ? "true" : "false";
  const cards = (await (await request.get(`/api/whatsapp/public_profiles/${list.date}?week=${flag}`)).json()) as { data: PublicCard[] };
  const messages = (await (await request.get(`/api/public_messages?date=${list.date}&week=${flag}`)).json()) as { data: PublicMessage[] };
  return { date: list.date, cards: cards.data, messages: messages.data };
}

/** The list's API calls the page makes, and every console error or uncaught exception (a CSP refusal is one). */
function watch(page: Page): { calls: string[]; problems: string[] } {
  const watched = { calls: [] as string[], problems: [] as string[] };
  page.on("request", (request) => {
    if (LIST_CALLS.test(request.url())) watched.calls.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") watched.problems.push(message.text());
  });
  page.on("pageerror", (error) => watched.problems.push(error.message));
  return watched;
}

for (const week of [false, true]) {
  test(`a ${week ? "week's" : "day's"} list shows without a call to the API, and nothing on the screen moves`, async ({ page, request }, testInfo) => {
    const list = await seededList(request, week);
    const watched = watch(page);
    await recordScreenShifts(page);
    await page.goto(`/link?${week ? "wid" : "id"}=${list.date}`);
    await expect(page.locator("article")).toHaveCount(list.cards.length);
    await expect(page.getByTestId("public-message")).toHaveCount(list.messages.length);
    // The cards in the agency's order, from the page's own data.
    const pids = await page.locator("article").evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-pid"))));
    expect(pids).toEqual(list.cards.map((card) => card.pid));
    // Read once and gone: a later visit to the list asks the API.
    await expect(page.locator(`#${PUBLIC_LIST_DATA_ID}`)).toHaveCount(0);
    // Fonts and photos in, before the shifts are read.
    await page.waitForLoadState("networkidle");
    expect(watched.calls).toEqual([]);
    expect(await screenShifts(page)).toEqual([]);
    expect(watched.problems).toEqual([]);
    await screenshot(page, testInfo, `public-page-sent-with-page${week ? "-week" : ""}`, false);
  });
}

test("a signed-in member's /link comes with its list too, with the member's view of the cards", async ({ page, request }, testInfo) => {
  const list = await seededList(request, false);
  const paid = list.cards.find((card) => card.publicProfile === "PAID");
  if (!paid) throw new Error("the demo list has no paid-only card");
  // Named active paid accounts (a sign-in changes nothing the other specs read).
  const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
  const watched = watch(page);
  await openAs(page, session, `/link?id=${list.date}`);
  await expect(page.locator("article")).toHaveCount(list.cards.length);
  // A paid member's button, and no invitation to register.
  await expect(page.locator(`article[data-pid="${paid.pid}"]`).getByRole("link", { name: "See Phone Number" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "See more profiles" })).toHaveCount(0);
  expect(watched.calls).toEqual([]);
});
