import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AdminPublicList } from "#shared/admin-types.ts";
import type { PublicCard, PublicMessage } from "#shared/api-types.ts";
import { DAY_TEMPLATE_ID } from "#scripts/demo/generate-public-lists.ts";
import { E2E_BASE_URL } from "./support/e2e-server.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { screenshot } from "./support/members.ts";
import { consoleProblems, holdScripts } from "./support/edge-rendered.ts";
import { recordScreenShifts, screenShifts } from "./support/screen-shifts.ts";

/** Forgets the shifts recorded so far (support/screen-shifts.ts keeps them in `window.layoutShifts`). */
function clearScreenShifts(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { layoutShifts: string[] }).layoutShifts.length = 0;
  });
}

// /link is rendered in the Worker (ADR 0031): its cards are in the HTML
// before any script runs, and the application adopts them (the same DOM
// nodes, no console error, nothing moves), then works as before. The
// seeder's day list, read as the agency's console lists it.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The reference lists a card names values from (shared/public-list.ts PUBLIC_CARD_LISTS). */
const CARD_LISTS = /^\/api\/(heights|subcastes|religions)$/;

async function seededDayList(request: APIRequestContext): Promise<{ path: string; cards: PublicCard[]; messages: PublicMessage[] }> {
  const staff = await ownerSession();
  const lists = ((await (await staff.request.get("/api/admin/public_lists", { headers: staffHeaders(staff) })).json()) as { data: AdminPublicList[] }).data;
  const list = lists.find((candidate) => !candidate.week && candidate.templateId === DAY_TEMPLATE_ID);
  if (!list) throw new Error("The seeder published no list");
  const cards = (await (await request.get(`/api/whatsapp/public_profiles/${list.date}`)).json()) as { data: PublicCard[] };
  const messages = (await (await request.get(`/api/public_messages?date=${list.date}`)).json()) as { data: PublicMessage[] };
  return { path: `/link?id=${list.date}`, cards: cards.data, messages: messages.data };
}

for (const language of ["en", "te"] as const) {
  test(`the cards are in the ${language === "te" ? "Telugu" : "English"} HTML, and the application adopts them without a change`, async ({ page, request }, testInfo) => {
    const list = await seededDayList(request);
    if (language === "te") await page.context().addCookies([{ name: "lang", value: "te", url: E2E_BASE_URL }]);
    const seen = consoleProblems(page);
    await recordScreenShifts(page);
    const release = await holdScripts(page);
    const listCalls: string[] = [];
    page.on("request", (sent) => {
      if (CARD_LISTS.test(new URL(sent.url()).pathname)) listCalls.push(sent.url());
    });
    // Not "domcontentloaded": it waits for the held module scripts.
    await page.goto(list.path, { waitUntil: "commit" });

    // Before any script: the cards, the messages, the heading, the phone buttons.
    const cards = page.locator("article");
    await expect(cards).toHaveCount(list.cards.length);
    await expect(page.getByTestId("public-message")).toHaveCount(list.messages.length);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(language === "te" ? "నాటి ప్రొఫైల్స్" : "Profiles of");
    const pids = await cards.evaluateAll((articles) => articles.map((article) => Number(article.getAttribute("data-pid"))));
    expect(pids).toEqual(list.cards.map((card) => card.pid));
    const order = await page.locator("main li").evaluateAll((items) => items.map((item) => item.textContent));
    // Each card and message is marked, to find it again after the application has started.
    await page.locator("main li").evaluateAll((items) => {
      for (const item of items) item.setAttribute("data-from-html", "");
    });
    await screenshot(page, testInfo, `public-page-edge-html-${language}`, false);
    // What moves when the web fonts replace the fallback is Lighthouse's to
    // measure (ADR 0031); here, what the application's start moves: the
    // shifts are read from the moment the fonts are in.
    await page.evaluate(() => document.fonts.ready);
    await clearScreenShifts(page);

    release();
    // The application has adopted the page: the language switch works only then.
    await expect(page.getByTestId("language-switch")).toBeEnabled();
    await page.waitForLoadState("networkidle");
    // The same elements, in the same order: adopted, not drawn again.
    expect(await page.locator("main li[data-from-html]").count()).toBe(order.length);
    // With the same words: in Telugu too, whose cards name the caste, the
    // religion and the height from the lists the page brought.
    expect(await page.locator("main li").evaluateAll((items) => items.map((item) => item.textContent))).toEqual(order);
    expect(listCalls).toEqual([]);
    expect(await screenShifts(page)).toEqual([]);
    expect(seen).toEqual([]);
    await screenshot(page, testInfo, `public-page-edge-${language}`, false);
  });
}

test("the page's HTML holds the cards for a browser without JavaScript", async ({ browser, request }) => {
  const list = await seededDayList(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(list.path);
  await expect(page.locator("article")).toHaveCount(list.cards.length);
  const first = list.cards[0];
  if (!first) throw new Error("The seeder's list has no card");
  await expect(page.locator(`article[data-pid="${first.pid}"]`)).toContainText(first.name);
  await context.close();
});

test("after adopting the cards the screen works: the phone button, then the language switch", async ({ page, request }) => {
  const list = await seededDayList(request);
  const open = list.cards.find((card) => card.phone);
  if (!open) throw new Error("The seeder's list has no card with a public phone");
  const seen = consoleProblems(page);
  await page.goto(list.path);
  await expect(page.getByTestId("language-switch")).toBeEnabled();
  const card = page.locator(`article[data-pid="${open.pid}"]`);
  await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", `tel:${open.phone}`);
  await page.getByTestId("language-switch").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("నాటి ప్రొఫైల్స్");
  await expect(card.getByRole("link", { name: "కాల్ చేయండి" })).toHaveAttribute("href", `tel:${open.phone}`);
  await expect(page.locator("article")).toHaveCount(list.cards.length);
  expect(seen).toEqual([]);
});
