import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import type { CurrentUser } from "#shared/api-types.ts";
import { MEMBERSHIP_MESSAGES, fillMessage } from "#shared/messages.ts";
import { MAIN_ACTION_LABELS } from "./support/main-action-labels.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { api, apiSignIn, type Session } from "./support/interest-helpers.ts";
import { expectNoHorizontalOverflow, registerThroughApi, screenshot, signIn } from "./support/members.ts";
import { cardOf } from "./support/search-helpers.ts";

// The profile card as a paying member meets it (docs/specification.md
// § "4. States and transitions" "Main button text", § "Profile card content",
// § "6. Roles and permissions", ADR 0012 and ADR 0015): what was paid for
// stays open, a declined request says so, a removed card comes back with
// Undo, and on phones the button comes before the facts.

/** yyyy-MM-dd, `days` from now. */
const isoDateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The owner sells `views` profile views for a month (PUT admin/members/{pid}/membership). */
async function sellViews(pid: number, views: number, profileType: "MEMBER" | "LIFE" = "MEMBER"): Promise<void> {
  const staff = await ownerSession();
  const response = await staff.request.put(`/api/admin/members/${pid}/membership`, {
    headers: staffHeaders(staff),
    data: { profileType, profilesCount: views, total: 0, lastViewDate: isoDateIn(30), expectedTotal: 0 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function member(request: APIRequestContext, testInfo: TestInfo, gender: "F" | "M"): Promise<Session & { mobile: string }> {
  const registered = await registerThroughApi(request, testInfo, gender);
  return { ...(await apiSignIn(request, registered)), mobile: registered.mobile };
}

/** A new groom with `views` profile views to spend, who has asked for a new bride's number. */
async function groomAskingBride(request: APIRequestContext, testInfo: TestInfo, views: number) {
  const groom = await member(request, testInfo, "M");
  const bride = await member(request, testInfo, "F");
  await sellViews(groom.pid, views);
  await expectOk(api(groom, "/api/send_interest", { fpid: groom.pid, tpid: bride.pid }));
  return { groom, bride };
}

async function expectOk(answer: Promise<{ status: number; error?: string }>): Promise<void> {
  const { status, error } = await answer;
  expect(status, error).toBe(200);
}

async function balanceOf(session: Session): Promise<number> {
  const { data } = await api<CurrentUser>(session, "/api/users/current");
  if (!data) throw new Error("no current user");
  return data.membership.balance;
}

async function openConfirm(page: Page, pid: number) {
  await page.goto(`/search_id?pid=${pid}`);
  await cardOf(page, pid).getByRole("button", { name: MAIN_ACTION_LABELS.view }).click();
  return page.getByRole("dialog", { name: "Are you sure?" });
}

test.describe("profile cards", () => {
  test("a profile unlocked before stays open at balance 0, and the confirmation says what it costs", async ({ page, request }, testInfo) => {
    const { groom, bride } = await groomAskingBride(request, testInfo, 1);
    // Approving charges nothing (ADR 0012): the view is charged when he confirms.
    await expectOk(api(bride, "/api/approve_interest", { pid: groom.pid }));
    expect(await balanceOf(groom)).toBe(1);

    await signIn(page, groom.pid, groom.password);
    const first = await openConfirm(page, bride.pid);
    await expect(first).toContainText(fillMessage(MEMBERSHIP_MESSAGES.viewCostsOne, { n: 1 }));
    await screenshot(page, testInfo, "card-view-costs-one", false);
    await first.getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page).toHaveURL(new RegExp(`/full_profile\\?pid=${bride.pid}$`));
    // Her number, to call or message.
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", `tel:+91${bride.mobile}`);
    expect(await balanceOf(groom)).toBe(0);

    // At balance 0 her card still opens, and says no view is used.
    const again = await openConfirm(page, bride.pid);
    await expect(again).toContainText(MEMBERSHIP_MESSAGES.viewCostsNothing);
    await screenshot(page, testInfo, "card-view-costs-nothing", false);
    await again.getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page).toHaveURL(new RegExp(`/full_profile\\?pid=${bride.pid}$`));
    expect(await balanceOf(groom)).toBe(0);
  });

  test("the profile a view paid for is shown from the view's answer, and stays open after the request is withdrawn", async ({ page, request }, testInfo) => {
    const { groom, bride } = await groomAskingBride(request, testInfo, 1);
    await expectOk(api(bride, "/api/approve_interest", { pid: groom.pid }));

    await signIn(page, groom.pid, groom.password);
    // Any read of her full profile now fails as it would had his membership
    // ended the moment after the view was charged: what he paid for is what
    // the view answered, and that is what opens.
    const read = new RegExp(`/api/users/${bride.pid}\\?normalized=true$`);
    await page.route(read, (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ error: "Your membership ended.", code: "MEMBERSHIP_EXPIRED" }) }),
    );
    await (await openConfirm(page, bride.pid)).getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page).toHaveURL(new RegExp(`/full_profile\\?pid=${bride.pid}$`));
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", `tel:+91${bride.mobile}`);
    await page.unroute(read);
    expect(await balanceOf(groom)).toBe(0);

    // Withdrawing the request takes nothing back: the card still opens her profile, at no cost.
    await expectOk(api(groom, "/api/delete_interest", { fpid: groom.pid, tpid: bride.pid }));
    const again = await openConfirm(page, bride.pid);
    await expect(again).toContainText(MEMBERSHIP_MESSAGES.viewCostsNothing);
    await again.getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", `tel:+91${bride.mobile}`);
    expect(await balanceOf(groom)).toBe(0);
  });

  test("a request the owner did not accept shows as not accepted, not as a new request", async ({ page, request }, testInfo) => {
    const { groom, bride } = await groomAskingBride(request, testInfo, 2);
    await expectOk(api(bride, "/api/reject_interest", { pid: groom.pid }));

    await signIn(page, groom.pid, groom.password);
    await page.goto(`/search_id?pid=${bride.pid}`);
    const card = cardOf(page, bride.pid);
    await expect(card.getByRole("button", { name: MAIN_ACTION_LABELS.declined })).toBeDisabled();
    await expect(card.getByRole("button", { name: MAIN_ACTION_LABELS.request })).toHaveCount(0);
    await screenshot(page, testInfo, "card-declined", false);
  });

  test("a removed profile comes back with Undo, and the button comes before the facts", async ({ page, request }, testInfo) => {
    const groom = await member(request, testInfo, "M");
    await signIn(page, groom.pid, groom.password);
    const first = page.locator("article[data-pid]").first();
    await expect(first).toBeVisible();
    const pid = Number(await first.getAttribute("data-pid"));
    const main = first.getByRole("button", { name: MAIN_ACTION_LABELS.request });
    const facts = first.getByText("Subcaste", { exact: true });
    const more = first.getByRole("button", { name: "Show more details" });

    // The request is in reach right under the photo and name, before the facts.
    const [buttonBox, factsBox] = await Promise.all([main.boundingBox(), facts.boundingBox()]);
    expect(buttonBox && factsBox && buttonBox.y < factsBox.y).toBe(true);
    await expect(main).toBeInViewport();
    // A FREE member gets no details from the server, hence no toggle (§ "Profile card content").
    await expect(more).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "card-layout", false);

    await first.getByRole("button", { name: "Remove profile from list" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: /^Yes/ }).click();
    await expect(cardOf(page, pid)).toHaveCount(0);
    const notice = page.getByText(`Profile ID ${pid} was removed from your list.`);
    await expect(notice).toBeVisible();
    await screenshot(page, testInfo, "card-removed-undo", false);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText(`Profile ID ${pid} is back in your list.`)).toBeVisible();
    await expect(cardOf(page, pid)).toBeVisible();
  });

  test("after a card's dialog, keyboard focus stays with the card or moves to what comes next, never to the page", async ({ page, browser, request }, testInfo) => {
    test.slow();
    const groom = await member(request, testInfo, "M");
    const bride = await member(request, testInfo, "F");
    await sellViews(groom.pid, 3);

    // Yes in the "Are you sure?" dialog, and OK in the outcome's, from the keyboard.
    const confirmWithKeyboard = async (on: Page, button: Locator, yes: string) => {
      // A page the Worker rendered (ADR 0041) has its buttons before the application runs them.
      await expect(on.getByTestId("language-switch")).toBeEnabled();
      await button.focus();
      await on.keyboard.press("Enter");
      const confirm = on.getByRole("dialog", { name: "Are you sure?" });
      await expect(confirm.getByRole("button", { name: "No" })).toBeFocused();
      await on.keyboard.press("Tab");
      await expect(confirm.getByRole("button", { name: yes })).toBeFocused();
      await on.keyboard.press("Enter");
      await expect(confirm).toHaveCount(0);
    };
    const pressOk = async (on: Page, title: string) => {
      const outcome = on.getByRole("dialog", { name: title });
      await expect(outcome.getByRole("button", { name: "OK" })).toBeFocused();
      await on.keyboard.press("Enter");
      await expect(outcome).toHaveCount(0);
    };
    /** The Profile ID of the card that holds focus, or what holds it instead. */
    const focusedCard = (on: Page) =>
      on.evaluate(() => {
        const focused = document.activeElement;
        if (!focused || focused === document.body) return "body";
        return focused.closest("article[data-pid]")?.getAttribute("data-pid") ?? focused.outerHTML.slice(0, 60);
      });

    // A sent request leaves the card's button disabled ("Waiting for approval"): focus stays on the card.
    await signIn(page, groom.pid, groom.password);
    await page.goto(`/search_id?pid=${bride.pid}`);
    const brideCard = cardOf(page, bride.pid);
    await confirmWithKeyboard(page, brideCard.getByRole("button", { name: MAIN_ACTION_LABELS.request }), "Yes, send request");
    // The list is read again while the member reads the outcome.
    await expect(brideCard.getByRole("button", { name: MAIN_ACTION_LABELS.waiting })).toBeDisabled();
    await pressOk(page, "Request sent");
    await expect.poll(() => focusedCard(page)).toBe(String(bride.pid));

    // A removed card leaves the list: focus goes to Undo.
    await page.goto("/search");
    const remove = page.getByRole("button", { name: "Remove profile from list" }).first();
    const removedPid = await remove.evaluate((button) => button.closest("article[data-pid]")?.getAttribute("data-pid"));
    await confirmWithKeyboard(page, remove, "Yes, remove profile from list");
    await expect(page.locator(`article[data-pid="${removedPid}"]`)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();

    // Her decision replaces Approve and Reject with what she decided: focus stays on the card.
    const contextB = await browser.newContext();
    const pageB = await contextB.newPage();
    await signIn(pageB, bride.pid, bride.password);
    await pageB.goto("/viewed_by_profiles");
    const groomCard = cardOf(pageB, groom.pid);
    const incoming = groomCard.getByTestId("incoming-request");
    await confirmWithKeyboard(pageB, incoming.getByRole("button", { name: "Approve" }), "Yes, approve");
    await expect(incoming).toContainText("You approved this request on");
    await pressOk(pageB, "Approved");
    await expect.poll(() => focusedCard(pageB)).toBe(String(groom.pid));

    // Removed from her list, the card is gone: focus goes to the list's heading.
    await confirmWithKeyboard(pageB, groomCard.getByRole("button", { name: "Remove profile from list" }), "Yes, remove profile from list");
    await expect(groomCard).toHaveCount(0);
    await expect(pageB.getByRole("heading", { level: 1, name: "Requests received" })).toBeFocused();
    await contextB.close();
  });

  test("after Undo, keyboard focus is on the card that came back; when Undo's seconds are over, on the list's heading", async ({ page, request }, testInfo) => {
    test.slow();
    const groom = await member(request, testInfo, "M");
    await signIn(page, groom.pid, groom.password);
    await expect(page.getByTestId("language-switch")).toBeEnabled();
    /** What holds keyboard focus: a card by its Profile ID, the page itself, or the element. */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return "body";
        if (element.matches("article[data-pid]")) return `card ${element.getAttribute("data-pid")}`;
        return element.id ? `#${element.id}` : element.outerHTML.slice(0, 80);
      });
    /** Removes the first card, or the one given, from the keyboard: Undo has focus next. */
    const removeWithKeyboard = async (given?: number) => {
      const remove = (given === undefined ? page : cardOf(page, given)).getByRole("button", { name: "Remove profile from list" }).first();
      const pid = Number(await remove.evaluate((button) => button.closest("article[data-pid]")?.getAttribute("data-pid")));
      await remove.focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("dialog", { name: "Are you sure?" });
      await confirm.getByRole("button", { name: "Yes, remove profile from list" }).focus();
      await page.keyboard.press("Enter");
      await expect(cardOf(page, pid)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
      return pid;
    };

    // Undo, slowed down: the button keeps focus while it works, then the card that came back has it.
    const pid = await removeWithKeyboard();
    await page.route("**/api/restore_profile", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Undoing..." })).toBeFocused();
    await expect(page.getByText(`Profile ID ${pid} is back in your list.`)).toBeVisible();
    await expect(cardOf(page, pid)).toBeVisible();
    await expect.poll(focused).toBe(`card ${pid}`);
    // Tab goes on from the card: its own buttons come next.
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("article[data-pid]")?.getAttribute("data-pid") ?? "none")).toBe(String(pid));
    await page.unroute("**/api/restore_profile");

    // The card that came back, removed again within the seconds: the notice starts over, with Undo.
    // Left alone, Undo goes once its 8 seconds are over, and focus goes to the list's heading, not the page.
    await removeWithKeyboard(pid);
    await expect(page.getByText(`Profile ID ${pid} was removed from your list.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0, { timeout: 12_000 });
    await expect.poll(focused).toBe("#profile-list-title");
  });

  test("details are folded on phones for every tier, and open on wider screens for the tiers that see them", async ({ page, request }, testInfo) => {
    const groom = await member(request, testInfo, "M");
    await sellViews(groom.pid, 2, "LIFE");
    await signIn(page, groom.pid, groom.password);
    const first = page.locator("article[data-pid]").first();
    const more = first.getByRole("button", { name: /Show (more|less) details/ });
    const birthDate = first.getByText("Date of Birth", { exact: true });
    if (testInfo.project.name === "phone") {
      // A list of people, each with the button in reach; one tap opens the details.
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await expect(birthDate).toBeHidden();
      await expect(first.getByRole("button", { name: MAIN_ACTION_LABELS.request })).toBeInViewport();
      await screenshot(page, testInfo, "card-life-folded", false);
      await more.click();
    }
    // § "Profile card content": DONOR, PREMIUM and LIFE see the additional details.
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await expect(birthDate).toBeVisible();
    // § "9. Business constants and limits": a time reads h:mm a ("9:25 PM").
    await expect(first.locator("dt", { hasText: /^Time of Birth$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  });
});
