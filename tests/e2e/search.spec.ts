import { expect, test, type Page } from "@playwright/test";
import { PAGE_SIZE } from "#shared/constants.ts";
import { membershipEndedTextInEnglish } from "#shared/membership.ts";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "#shared/messages.ts";
import { mainAction, requestState } from "#web/components/profile-card/main-action.ts";
import type { ProfilePage } from "#shared/api-types.ts";
import { demoLogins } from "#scripts/demo/demo-logins.ts";
import { MAIN_ACTION_LABELS } from "./support/main-action-labels.ts";
import { registerThroughApi } from "./support/members.ts";
import { chooseTelugu } from "./support/telugu.ts";
import { te } from "#shared/i18n/te.ts";
import {
  agencyContact,
  apiGet,
  apiSignIn,
  cardOf,
  currentUser,
  decodeSearchQuery,
  demoLogin,
  displayDate,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  expectTouchTargets,
  memberWithApprovedUnviewed,
  openAs,
  perProject,
  screenshot,
  searchPage,
  searchQuery,
  spokenPhone,
} from "./support/search-helpers.ts";

// /search, the profile card and its buttons (docs/specification.md
// § "Member routes (login required)", § "Profile card content",
// § "Anonymous routes", § "4. States and transitions",
// § "6. Roles and permissions" and § "8. Error catalogue") and /search_id,
// against the real Worker with the seeded demo
// members (pids 10001-10020, scripts/demo/named-accounts.ts).

// § "Member routes (login required)"'s Viewed Profiles and Interested in you Profiles, named for what they hold (ADR 0015).
const PAID_BUTTONS = ["Search By ID", "Requests I sent", "Newly Added Profiles", "Requests received"] as const;
const REQUEST = MAIN_ACTION_LABELS.request;
const VIEW = MAIN_ACTION_LABELS.view;
const RENEW = MAIN_ACTION_LABELS.renew;

function cards(page: Page) {
  return page.locator("article[data-pid]");
}

function pager(page: Page) {
  return page.getByRole("navigation", { name: "Pages" });
}

/** The screen's own answer for a page of the simple search by tier, once it arrives. */
async function simpleSearchAnswer(page: Page, pageNumber: number): Promise<ProfilePage> {
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return url.pathname === "/api/Simple_Search_Profiles" && url.searchParams.get("page") === String(pageNumber) && url.searchParams.get("order") !== "new";
  });
  return ((await response.json()) as { data: ProfilePage }).data;
}

/** The page and the number of pages of the list's answer on screen ("2 of 7 pages"), once no answer is loading. */
async function shownPaging(page: Page): Promise<{ page: number; count: number }> {
  const list = page.locator('section[aria-labelledby="profile-list-title"]');
  await expect(list).toHaveAttribute("aria-busy", "false");
  const [, shown, count] = /^(\d+) of (\d+) pages$/.exec((await list.getByText(/^\d+ of \d+ pages$/).textContent()) ?? "") ?? [];
  return { page: Number(shown), count: Number(count) };
}

async function expectOnlyInterestedButton(page: Page): Promise<void> {
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Requests received" })).toBeVisible();
  for (const name of ["Search By ID", "Requests I sent", "Newly Added Profiles", "All Profiles", "Matching Profiles"]) {
    await expect(main.getByRole("link", { name, exact: true })).toHaveCount(0);
  }
  // No paging for FREE and expired members (§ "Member routes (login required)").
  await expect(pager(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Filter profiles" })).toHaveCount(0);
}

test.describe("FREE member", () => {
  test("sees the upsell, only Interested in you, no paging, and the paid-members dialog", async ({ page, request }, testInfo) => {
    // A long journey with accessibility scans and screenshots: three times the usual time.
    test.slow();
    const session = await apiSignIn(request, perProject(testInfo, 10001, 10011));
    await openAs(page, session, "/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search Profiles" })).toBeVisible();
    await expect(page).toHaveTitle(/^Search Profiles\b/);
    const { agency, phone } = await agencyContact(page);
    expect(agency && phone).toBeTruthy();

    await expect(page.getByRole("note")).toHaveText(`For more profiles, you need a paid membership. Please contact ${agency} ${phone}`);
    await expect(page.getByRole("note")).toHaveText(fillMessage(MESSAGES.upsell, { agency, phone }));
    await expect(page.getByTestId("membership-summary")).toHaveCount(0);
    await expectOnlyInterestedButton(page);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    // FREE viewers get no show-more details (§ "Profile card content").
    await expect(page.getByRole("button", { name: /Show (more|less) details/ })).toHaveCount(0);
    // Photos are blurred unless permitted (§ "6. Roles and permissions").
    await expect(cards(page).first().locator("img[data-photo]")).toHaveAttribute("data-photo", "blurred");
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "search-free");

    // A page in the URL changes nothing for a FREE member: page 1 only.
    await page.goto(`/search?q=${searchQuery({ p: 3 })}`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(pager(page)).toHaveCount(0);

    const first = cards(page).first();
    const main = first.getByRole("button", { name: REQUEST });
    await main.click();
    const dialog = page.getByRole("dialog", { name: "Paid members only" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(fillMessage(MEMBERSHIP_MESSAGES.freeMember, { pid: session.pid, agency, phone }));
    await expect(dialog).toContainText(`Your Profile ID is ${session.pid}`);
    await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
    await screenshot(page, testInfo, "search-free-dialog", false);
    // Escape closes the dialog and gives focus back to the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(main).toBeFocused();
  });
});

test.describe("expired and zero-balance members", () => {
  test("an expired member is told when the membership ended, what waits and how to renew", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10006, 10017));
    const user = await currentUser(session);
    expect(user.membership).toMatchObject({ paid: true, active: false });
    await openAs(page, session, "/search");
    const { agency, phone } = await agencyContact(page);
    // Not the free member's upsell (ADR 0015): the day it ended, the views waiting, call and WhatsApp.
    const ended = membershipEndedTextInEnglish(user.profileLimits, { name: agency, phone });
    expect(ended).toMatch(/membership ended on \d\d-\d\d-\d{4}\./);
    const banner = page.getByRole("region", { name: "Your membership ended" });
    await expect(banner).toContainText(ended);
    await expect(banner.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);
    expect(decodeURIComponent((await banner.getByRole("link", { name: /Chat on WhatsApp/ }).getAttribute("href")) ?? "")).toContain(
      `Profile ID ${user.pid}: I want to renew my membership.`,
    );
    await expect(page.getByText(fillMessage(MESSAGES.upsell, { agency, phone }))).toHaveCount(0);
    await expectOnlyInterestedButton(page);
    await screenshot(page, testInfo, "search-expired", false);

    // Every card that would need the membership says so, and its dialog says the same.
    await expect(cards(page).first().getByRole("button", { name: REQUEST })).toHaveCount(0);
    await cards(page).first().getByRole("button", { name: RENEW }).click();
    const dialog = page.getByRole("dialog", { name: "Membership ended" });
    await expect(dialog).toContainText(ended);
    await screenshot(page, testInfo, "search-expired-dialog", false);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("a zero-balance member may page but gets the zero-balance dialog", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10007, 10016));
    const user = await currentUser(session);
    expect(user.membership).toMatchObject({ paid: true, active: true, balance: 0 });
    await openAs(page, session, "/search");
    const { agency, phone } = await agencyContact(page);
    await expect(page.getByRole("note")).toHaveCount(0);
    for (const name of PAID_BUTTONS) await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
    await expect(pager(page)).toBeVisible();
    // § "4. States and transitions": with a zero balance every card asks for the phone number,
    // except those the member unlocked, which stay open (ADR 0012) and those
    // whose owner declined, which say so.
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const listed = (await searchPage(session, 1)).profiles;
    const expected = listed.map((card) => MAIN_ACTION_LABELS[mainAction(card, user.membership, "search")]);
    expect(expected.filter((label) => label === REQUEST).length).toBeGreaterThan(0);
    expect(expected.every((label) => label === REQUEST || label === VIEW || label === MAIN_ACTION_LABELS.declined)).toBe(true);
    for (const [index, card] of listed.entries()) {
      if (card.viewed && requestState(card) === "approved") expect(expected[index]).toBe(VIEW);
      await expect(cardOf(page, card.pid).getByRole("button", { name: expected[index] })).toBeVisible();
    }

    await cardOf(page, listed[expected.indexOf(REQUEST)]!.pid).getByRole("button", { name: REQUEST }).click();
    const dialog = page.getByRole("dialog", { name: "No balance left" });
    await expect(dialog).toContainText(fillMessage(MEMBERSHIP_MESSAGES.zeroBalance, { agency, phone }));
    await screenshot(page, testInfo, "search-zero-balance-dialog", false);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("active paid member", () => {
  test("pages with wraparound, keeps the page in the URL and toggles newly added profiles", async ({ page, request }, testInfo) => {
    // A long journey with accessibility scans and screenshots: three times the usual time.
    test.slow();
    // MEMBER tier: sees the show-more option, details folded (§ "Profile card content").
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    const first = await searchPage(session, 1);
    expect(first.paging).toBe(true);
    expect(first.pageCount).toBeGreaterThan(2);
    // The cards are compared with the screen's own answers: staff tests change members' tiers meanwhile,
    // which moves them in a later call's order.
    const firstAnswer = simpleSearchAnswer(page, 1);
    await openAs(page, session, "/search");

    const main = page.getByRole("main");
    for (const name of PAID_BUTTONS) await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Search By ID" })).toHaveAttribute("href", "/search_id");
    await expect(main.getByRole("link", { name: "Requests I sent" })).toHaveAttribute("href", "/viewed_profiles");
    await expect(main.getByRole("link", { name: "Requests received" })).toHaveAttribute("href", "/viewed_by_profiles");
    await expect(page.getByRole("note")).toHaveCount(0);
    // The balance and the last day, as the view dialog words them.
    const user = await currentUser(session);
    await expect(page.getByTestId("membership-summary")).toHaveText(
      `Balance profiles: ${user.membership.balance} · Membership expires on ${displayDate(user.profileLimits.lastViewDate)}`,
    );
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(cards(page).first()).toHaveAttribute("data-pid", String((await firstAnswer).profiles[0]?.pid));
    await expect(pager(page).getByText("Page 1", { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, "main a, main button, main select");
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "search-active");

    // MEMBER sees the show-more option; the details unfold in place.
    const card = cards(page).first();
    const more = card.getByRole("button", { name: "Show more details" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(card.getByText("Date of Birth")).toBeHidden();
    await more.click();
    await expect(card.getByRole("button", { name: "Show less details" })).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByText("Date of Birth")).toBeVisible();
    await expect(card.getByText("Matching Points")).toBeVisible();
    await screenshot(page, testInfo, "search-show-more", false);

    // Next: page 2, in the URL's compact encoding, scrolled to the top.
    const secondAnswer = simpleSearchAnswer(page, 2);
    await pager(page).getByRole("link", { name: "Next" }).click();
    await expect(pager(page).getByText("Page 2", { exact: true })).toBeVisible();
    expect(decodeSearchQuery(page.url())).toEqual({ p: 2 });
    await expect(cards(page).first()).toHaveAttribute("data-pid", String((await secondAnswer).profiles[0]?.pid));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // The page survives a reload.
    await page.reload();
    await expect(pager(page).getByText("Page 2", { exact: true })).toBeVisible();

    // Previous twice: page 1, then around to the last page. Other tests register members meanwhile, and
    // every tenth adds a page: the last page is the one the screen's own answer counts, not first.pageCount.
    await pager(page).getByRole("link", { name: "Previous" }).click();
    await expect(pager(page).getByText("Page 1", { exact: true })).toBeVisible();
    const lastPage = (await shownPaging(page)).count;
    await pager(page).getByRole("link", { name: "Previous" }).click();
    await expect(pager(page).getByText(`Page ${lastPage}`, { exact: true })).toBeVisible();
    expect(decodeSearchQuery(page.url())).toEqual({ p: lastPage });
    // Next on the last page: around to the first. Should a registration have added a page since the
    // answer for page 1, the screen's answer for this page counts it, and Next leads there first.
    for (let shown = await shownPaging(page); shown.page < shown.count; shown = await shownPaging(page)) {
      await pager(page).getByRole("link", { name: "Next" }).click();
      await expect(pager(page).getByText(`Page ${shown.page + 1}`, { exact: true })).toBeVisible();
    }
    await pager(page).getByRole("link", { name: "Next" }).click();
    await expect(pager(page).getByText("Page 1", { exact: true })).toBeVisible();

    // A page past the end wraps around on the server too: one past the last page the screen has just
    // counted. Should a registration add a page before the server answers, that page exists, and the
    // check is made again from the screen's new count.
    await expect(async () => {
      const pastTheEnd = (await shownPaging(page)).count + 1;
      await page.goto(`/search?q=${searchQuery({ p: pastTheEnd })}`);
      await expect(pager(page).getByText("Page 1", { exact: true })).toBeVisible();
    }).toPass({ timeout: 20_000 });

    // The toggle: newest profiles first, then back to all profiles. The first card is compared with
    // the screen's own answer: other tests register members meanwhile, so a later call may list a newer one first.
    const newestAnswer = page.waitForResponse((response) => response.url().includes("/api/Simple_Search_Profiles") && new URL(response.url()).searchParams.get("order") === "new");
    await main.getByRole("link", { name: "Newly Added Profiles" }).click();
    expect(decodeSearchQuery(page.url())).toEqual({ o: "new" });
    await expect(page.getByRole("heading", { level: 2, name: "Newly added profiles" })).toBeVisible();
    const newest = ((await (await newestAnswer).json()) as { data: ProfilePage }).data;
    await expect(cards(page).first()).toHaveAttribute("data-pid", String(newest.profiles[0]?.pid));
    const pids = await cards(page).evaluateAll((elements) => elements.map((element) => Number(element.getAttribute("data-pid"))));
    expect(pids).toEqual([...pids].sort((a, b) => b - a));
    await main.getByRole("link", { name: "All Profiles", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(main.getByRole("link", { name: "Newly Added Profiles" })).toBeVisible();
  });

  test("filters the list, keeps the filters in the URL, and districts follow the state", async ({ page, request }, testInfo) => {
    // A long journey with accessibility scans and screenshots: three times the usual time.
    test.slow();
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, "/search");
    await expect(page.getByRole("heading", { level: 2, name: "All profiles" })).toBeVisible();
    const toggle = page.getByRole("button", { name: "Filter profiles" });
    // Folded on phones; a sidebar on wide screens.
    if (testInfo.project.name === "phone") {
      await expect(page.getByRole("form", { name: "Filter profiles" })).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
    } else {
      await expect(toggle).toBeHidden();
    }
    const form = page.getByRole("form", { name: "Filter profiles" });
    const district = form.getByLabel("District");
    await expect(district).toBeDisabled();
    await form.getByLabel("State").selectOption({ label: "Andhra Pradesh" });
    await expect(district).toBeEnabled();
    // The state's districts load on demand.
    await expect.poll(() => district.locator("option").count()).toBeGreaterThan(5);
    await form.getByLabel("State").selectOption({ label: "Any" });
    await expect(district).toBeDisabled();
    // Stars carry their Telugu names.
    await expect(form.getByLabel("Star").locator("option", { hasText: "అశ్విని" })).toHaveCount(1);

    await form.getByLabel("Marriage").selectOption({ label: "Second" });
    await form.getByLabel("Age from").selectOption("40");
    await form.getByLabel("Age to").selectOption("21");
    await form.getByRole("button", { name: "Search" }).click();
    // The reversed range is read the right way round.
    await expect.poll(() => decodeSearchQuery(page.url())).toEqual({ v: "filter", f: { ageMin: 21, ageMax: 40, marriage: 2 } });
    await expect(page.getByRole("heading", { level: 2, name: "Filtered profiles" })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    const marriages = await page
      .locator("article[data-pid] dt", { hasText: /^Marriage$/ })
      .evaluateAll((elements) => elements.map((element) => element.nextElementSibling?.textContent));
    expect(marriages.length).toBeGreaterThan(0);
    expect(new Set(marriages)).toEqual(new Set(["Second"]));
    await screenshot(page, testInfo, "search-filtered");

    // Reload-safe and shareable: the same list and the same form.
    await page.reload();
    const again = page.getByRole("form", { name: "Filter profiles" });
    await expect(again.getByLabel("Marriage")).toHaveValue("2");
    await expect(again.getByLabel("Age from")).toHaveValue("21");
    await expect(page.getByRole("heading", { level: 2, name: "Filtered profiles" })).toBeVisible();
    await expectNoSeriousViolations(page);

    await again.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 2, name: "All profiles" })).toBeVisible();

    // Matching profiles (GET matching_profiles).
    await page.getByRole("main").getByRole("link", { name: "Matching Profiles" }).click();
    expect(decodeSearchQuery(page.url())).toEqual({ v: "matching" });
    await expect(page.getByRole("heading", { level: 2, name: "Matching profiles" })).toBeVisible();
    await expect(cards(page).first().or(page.getByText("No profiles to show here yet."))).toBeVisible();
  });

  test("views an approved profile: confirm dialog, full profile with phone, charged once", async ({ page, request }, testInfo) => {
    // A long journey with accessibility scans and screenshots: three times the usual time.
    test.slow();
    // Brides in one project, grooms in the other: a charged view changes the
    // balance the member sees. DONOR first: details expanded at once (§ "Profile card content").
    const candidates = testInfo.project.name === "phone" ? [10003, 10005, 10002] : [10013, 10015, 10012];
    const { session, card, page: listPage } = await memberWithApprovedUnviewed(request, candidates);
    const before = await currentUser(session);
    expect(before.membership.active).toBe(true);
    expect(before.membership.balance).toBeGreaterThan(0);

    await openAs(page, session, listPage === 1 ? "/search" : `/search?q=${searchQuery({ p: listPage })}`);
    const article = cardOf(page, card.pid);
    await expect(article).toBeVisible();
    await expect(article.getByText(`Profile ID ${card.pid}`)).toBeVisible();
    // An approved request shows the photo and offers to hide (§ "4. States and transitions", § "6. Roles and permissions").
    const photo = article.locator("img[data-photo]");
    await expect(photo).toHaveAttribute("data-photo", "visible");
    await expect(article.getByRole("button", { name: "Hide profile" })).toBeVisible();
    // DONOR, PREMIUM and LIFE see the details at once; MEMBER unfolds them
    // (§ "Profile card content"); on a phone every tier starts folded (ADR 0015).
    const open = ["DONOR", "PREMIUM", "LIFE"].includes(before.profileLimits.profileType) && testInfo.project.name !== "phone";
    await expect(article.getByRole("button", { name: open ? "Show less details" : "Show more details" })).toHaveAttribute("aria-expanded", String(open));
    await article.scrollIntoViewIfNeeded();
    // The photo's card-size copy (ADR 0043), made on this first request, not the stored 480x600 portrait.
    expect(card.photoCardUrl).toBe(card.photoUrl?.replace("/images/", "/images/cards/"));
    await expect(photo).toHaveAttribute("src", card.photoCardUrl ?? "");
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 400, 500]);
    await screenshot(page, testInfo, "search-approved-card", false);

    const confirmText = `Your balance of profiles is ${before.membership.balance}. Your membership will expire on ${displayDate(before.profileLimits.lastViewDate)}. Are you sure you want to view this profile?`;
    expect(confirmText).toBe(fillMessage(MESSAGES.viewConfirm, { n: before.membership.balance, date: displayDate(before.profileLimits.lastViewDate) }));

    // "No" leaves everything as it was.
    await article.getByRole("button", { name: VIEW }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toContainText(confirmText);
    await expect(dialog.getByRole("button", { name: "No", exact: true })).toBeFocused();
    // Focus stays in the dialog.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "No", exact: true })).toBeFocused();
    await screenshot(page, testInfo, "search-confirm-view", false);
    await dialog.getByRole("button", { name: "No", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect((await currentUser(session)).membership.balance).toBe(before.membership.balance);

    await article.getByRole("button", { name: VIEW }).click();
    await dialog.getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page).toHaveURL(new RegExp(`/full_profile\\?pid=${card.pid}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Profile ID ${card.pid}` })).toBeVisible();
    const full = await apiGet<{ mobileNo: string }>(session, `/api/users/${card.pid}?normalized=true`);
    const mobile = full.data?.mobileNo ?? "";
    expect(mobile).not.toBe("");
    await expect(page.getByRole("link", { name: `Call ${spokenPhone(mobile)}` })).toHaveAttribute("href", `tel:${mobile.replace(/[^\d+]/g, "")}`);
    await expect(page.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", `https://wa.me/${mobile.replace(/\D/g, "")}`);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "full-profile-after-view");

    // Exactly one from the balance.
    const after = await currentUser(session);
    expect(after.membership.balance).toBe(before.membership.balance - 1);
    expect(after.profileLimits.total).toBe(before.profileLimits.total + 1);

    // A second view of the same profile is free; the dialog shows the new balance.
    await page.goBack();
    await cardOf(page, card.pid).getByRole("button", { name: VIEW }).click();
    await expect(dialog).toContainText(`Your balance of profiles is ${after.membership.balance}.`);
    await dialog.getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Profile ID ${card.pid}` })).toBeVisible();
    expect((await currentUser(session)).membership.balance).toBe(after.membership.balance);
  });

  test("a view the server refuses reads the balance and the list again", async ({ page, request }, testInfo) => {
    // Read-only: the refusal is the server's answer as another tab would have
    // caused it (the last view used there), so no balance here changes.
    const candidates = testInfo.project.name === "phone" ? [10005, 10003, 10002] : [10015, 10013, 10012];
    const { session, card, page: listPage } = await memberWithApprovedUnviewed(request, candidates);
    await openAs(page, session, listPage === 1 ? "/search" : `/search?q=${searchQuery({ p: listPage })}`);
    const article = cardOf(page, card.pid);
    await expect(article.getByRole("button", { name: VIEW })).toBeVisible();
    const zero = "Your balance of profiles is zero.";
    await page.route("**/api/view_profile", (route) => route.fulfill({ status: 403, json: { error: zero, code: "BALANCE_EXHAUSTED" } }));
    const reads: string[] = [];
    page.on("request", (sent) => {
      const path = new URL(sent.url()).pathname;
      if (sent.method() === "GET" && (path === "/api/users/current" || path === "/api/Simple_Search_Profiles")) reads.push(path);
    });

    await article.getByRole("button", { name: VIEW }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, I want to see" }).click();
    await expect(page.getByRole("dialog")).toContainText(zero);
    await expect.poll(() => [...new Set(reads)].sort()).toEqual(["/api/Simple_Search_Profiles", "/api/users/current"]);
    await expect(page).toHaveURL(/\/search/);
  });

  test("asks before sending interest and removing, and reports the outcome honestly", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10004, 10014));
    const first = await searchPage(session, 1);
    const fresh = first.profiles.filter((item) => item.requestStatus === "-" && item.interestedAt === null);
    const [toAsk, toRemove] = fresh;
    if (!toAsk || !toRemove) throw new Error("expected two profiles without a request on page 1");
    await openAs(page, session, "/search");
    const { phone } = await agencyContact(page);

    const askCard = cardOf(page, toAsk.pid);
    await askCard.getByRole("button", { name: REQUEST }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Yes, send request" }).click();
    const outcome = page.getByRole("dialog", { name: /Request (sent|not sent)/ });
    await expect(outcome).toBeVisible();
    const sent = (await outcome.getByRole("heading").textContent()) === "Request sent";
    // Never a faked success: the text follows what the server answered.
    await expect(outcome).toContainText(sent ? MESSAGES.requestSent : fillMessage(MESSAGES.interestFailedDefault, { phone }));
    await screenshot(page, testInfo, "search-interest-outcome", false);
    await outcome.getByRole("button", { name: "OK" }).click();
    if (sent) await expect(askCard.getByRole("button", { name: "Waiting for approval" })).toBeDisabled();

    const removeCard = cardOf(page, toRemove.pid);
    await removeCard.getByRole("button", { name: "Remove profile from list" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Yes, remove profile from list" }).click();
    await expect(confirm).toHaveCount(0);
    const removed = page.getByText(`Profile ID ${toRemove.pid} was removed from your list.`);
    const failed = removeCard.getByRole("alert");
    await expect(removed.or(failed)).toBeVisible();
    if (await failed.isVisible()) await expect(failed).toHaveText(MESSAGES.removeFailed);
    else await expect(removeCard).toHaveCount(0);
  });
});

test.describe("search by ID", () => {
  test("finds a profile by its ID, with a blurred photo and no remove action", async ({ page, request }, testInfo) => {
    // A long journey with accessibility scans and screenshots: three times the usual time.
    test.slow();
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    const list = await searchPage(session, 1);
    const target = list.profiles.find((item) => !item.photoVisible && item.requestStatus === "-");
    if (!target) throw new Error("expected a profile with a hidden photo on page 1");
    await openAs(page, session, "/search");
    await page.getByRole("main").getByRole("link", { name: "Search By ID" }).click();
    await expect(page).toHaveURL(/\/search_id$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search By ID" })).toBeVisible();
    await expect(page).toHaveTitle(/^Search By ID\b/);

    // Enter submits.
    await page.getByRole("textbox", { name: "Profile ID" }).fill(String(target.pid));
    await page.getByRole("textbox", { name: "Profile ID" }).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search_id\\?pid=${target.pid}$`));
    const article = cardOf(page, target.pid);
    await expect(article.getByText(`Profile ID ${target.pid}`)).toBeVisible();
    await expect(article.getByRole("heading", { name: `${target.surname} ${target.name}` })).toBeVisible();
    await expect(article.locator("img[data-photo]")).toHaveAttribute("data-photo", "blurred");
    await expect(article.getByRole("button", { name: REQUEST })).toBeVisible();
    await expect(article.getByRole("button", { name: /Remove profile from list|Hide profile/ })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "search-id-found");

    // The Search button, and a failure.
    await page.getByRole("textbox", { name: "Profile ID" }).fill("99999999");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search_id\?pid=99999999$/);
    await expect(page.getByRole("alert")).toHaveText("No profile with ID 99999999");
    await expect(page.locator("article[data-pid]")).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "search-id-failed");

    // Text that is not an ID is told what an ID is, before any call (the failure of
    // § "Member routes (login required)" is for a search that failed); a link with ?pid= opens the profile directly.
    const lookups: string[] = [];
    page.on("request", (call) => {
      if (call.url().includes("/api/single_user_profile/")) lookups.push(call.url());
    });
    await page.getByRole("textbox", { name: "Profile ID" }).fill("abc");
    await page.getByRole("textbox", { name: "Profile ID" }).press("Enter");
    await expect(page).toHaveURL(/\/search_id\?pid=abc$/);
    await expect(page.getByRole("alert")).toHaveText("A Profile ID is a number, e.g. 10123. Please type only digits.");
    await expect(page.locator("article[data-pid]")).toHaveCount(0);
    expect(lookups).toEqual([]);
    await screenshot(page, testInfo, "search-id-letters");
    await page.goto(`/search_id?pid=${target.pid}`);
    await expect(cardOf(page, target.pid)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Profile ID" })).toHaveValue(String(target.pid));
  });

  test("Search with nothing typed says under the field that the Profile ID is required, and puts the focus there, in English and Telugu", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    await openAs(page, session, "/search_id");
    const field = page.getByRole("textbox", { name: "Profile ID" });
    await expect(page.getByRole("heading", { level: 1, name: "Search By ID" })).toBeVisible();
    const lookups: string[] = [];
    page.on("request", (call) => {
      if (call.url().includes("/api/single_user_profile/")) lookups.push(call.url());
    });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Profile ID Required *");
    await expect(page).toHaveURL(/\/search_id$/);
    expect(lookups).toEqual([]);
    await expectNoSeriousViolations(page);
    // Typing takes the message away, as in every form.
    await field.fill("1");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Profile ID Required *")).toHaveCount(0);

    await chooseTelugu(context);
    await page.reload();
    const telugu = page.getByRole("textbox", { name: te["common.profileId"] });
    await telugu.fill("  ");
    await page.getByRole("button", { name: te["common.search"], exact: true }).click();
    await expect(telugu).toBeFocused();
    await expect(telugu).toHaveAccessibleDescription(te["validation.profileIdRequired"]);
    await screenshot(page, testInfo, "search-id-empty-te", false);
  });

  test("a profile of the member's own gender offers no request, only why", async ({ page, request }, testInfo) => {
    const login = perProject(testInfo, 10002, 10012);
    const session = await apiSignIn(request, login);
    // Another named account of the same gender: interest goes to the other gender only, which the server enforces too.
    const same = demoLogins().find((other) => other.gender === login.gender && other.pid !== login.pid);
    if (!same) throw new Error("no other demo account of the same gender");
    await openAs(page, session, `/search_id?pid=${same.pid}`);
    const card = cardOf(page, same.pid);
    await expect(card).toBeVisible();
    await expect(card.getByRole("note")).toHaveText(login.gender === "M" ? "You can send interest to brides only." : "You can send interest to grooms only.");
    await expect(card.getByRole("button", { name: REQUEST })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /Waiting for approval|See Phone Number|Renew/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "search-id-same-gender");
  });

  test("a profile removed from the lists is found by its ID and can be put back, long after Undo", async ({ page, request }, testInfo) => {
    const [bride, groom] = [await registerThroughApi(request, testInfo, "F"), await registerThroughApi(request, testInfo, "M")];
    const session = await apiSignIn(request, bride);
    const removed = await session.request.post("/api/remove_profile", { data: { pid: groom.pid }, headers: { ...session.headers, Authorization: `Bearer ${session.token}` } });
    expect(removed.status()).toBe(200);
    await openAs(page, session, `/search_id?pid=${groom.pid}`);
    const note = page.getByText("You removed this profile from your lists: it is not shown in your searches.");
    await expect(note).toBeVisible();
    await expect(cardOf(page, groom.pid)).toBeVisible();
    await screenshot(page, testInfo, "search-id-removed", false);
    await page.getByRole("button", { name: "Put it back in my lists" }).click();
    await expect(note).toHaveCount(0);
    // The button left with the note: focus is on the card, not the page's start (ADR 0015).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-pid") ?? document.activeElement?.tagName)).toBe(String(groom.pid));
    expect((await apiGet<{ requestStatus: string }>(session, `/api/single_user_profile/${groom.pid}`)).data?.requestStatus).toBe("-");
  });

  test("a FREE member can open a profile link by ID too", async ({ page, request }, testInfo) => {
    // /profile_link sends every member, FREE ones included, to /search_id?pid= (§ "Anonymous routes").
    const login = demoLogin(testInfo.project.name === "phone" ? 10001 : 10011);
    const session = await apiSignIn(request, login);
    const list = await searchPage(session, 1);
    const target = list.profiles[0];
    if (!target) throw new Error("empty list");
    await openAs(page, session, `/search_id?pid=${target.pid}`);
    await expect(cardOf(page, target.pid)).toBeVisible();
    await expect(cardOf(page, target.pid).getByRole("button", { name: /Show (more|less) details/ })).toHaveCount(0);
  });
});

test.describe("empty pages", () => {
  test("a list with nothing left in it is page 1 of 1, never of 0", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    // A member who removed every profile, as an agency backend may still count it: no page at all.
    await page.route(/\/api\/Simple_Search_Profiles\?/, (route) => route.fulfill({ json: { data: { profiles: [], page: 1, pageCount: 0, paging: true } } }));
    await openAs(page, session, "/search");
    await expect(page.getByText("No profiles to show here yet.")).toBeVisible();
    await expect(page.getByText("1 of 1 page", { exact: true })).toBeVisible();
    await expect(page.getByText(/ of 0 /)).toHaveCount(0);
  });

  test("a later page of the detailed search or the matches that is empty now says so and offers page 1", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10002, 10012));
    // Page 2 after its only card was removed: these lists say only whether another page follows (ADR 0015).
    const emptySecondPage = (path: string) => (url: URL) => url.pathname === path && url.searchParams.get("page") === "2";
    const empty = { json: { data: { profiles: [], page: 2, pageCount: 2, paging: true } } };
    await page.route(emptySecondPage("/api/eloborate_profile"), (route) => route.fulfill(empty));
    await page.route(emptySecondPage("/api/matching_profiles"), (route) => route.fulfill(empty));

    const filters = { marriage: 1 };
    await openAs(page, session, `/search?q=${searchQuery({ v: "filter", p: 2, f: filters })}`);
    const note = page.getByRole("note").filter({ hasText: "Page 2 has no profiles now." });
    await expect(note).toBeVisible();
    // Page 1 still has its matches: the filters are not what emptied this page.
    await expect(page.getByText("No profiles match these filters. Try fewer filters.")).toHaveCount(0);
    await note.getByRole("link", { name: "Go to page 1" }).click();
    await expect.poll(() => decodeSearchQuery(page.url())).toEqual({ v: "filter", f: filters });
    await expect(cards(page).first()).toBeVisible();

    await page.goto(`/search?q=${searchQuery({ v: "matching", p: 2 })}`);
    await expect(note).toBeVisible();
    await expect(page.getByText("No profiles to show here yet.")).toHaveCount(0);
    await note.getByRole("link", { name: "Go to page 1" }).click();
    await expect.poll(() => decodeSearchQuery(page.url())).toEqual({ v: "matching" });
  });
});
