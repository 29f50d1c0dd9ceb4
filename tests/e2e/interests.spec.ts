import { expect as baseExpect, test, type TestInfo } from "@playwright/test";
import { MEMBERSHIP_MESSAGES, MESSAGES, fillMessage } from "#shared/messages.ts";
import type { FullProfile, ProfileCard, ProfilePage } from "#shared/api-types.ts";
import { activePaidMembers, agencySendsInterest, api, apiSignIn, demoMember, memberFor, otherMembers, TAP_TARGETS } from "./support/interest-helpers.ts";
import { ownerSession } from "./support/agency.ts";
import { nextTemplate } from "./support/whatsapp.ts";
import { chooseTelugu, expectAllTelugu, teluguListName } from "./support/telugu.ts";
import { te } from "#shared/i18n/te.ts";
import { KOOTAS } from "#shared/astro/ashtakoota.ts";
import { INDIA_TIME_ZONE, indiaDate, toStoredDisplayDate } from "#shared/dates.ts";
import { PAGE_SESSION_COOKIE, VIEWED_BY_PAGE_DATA_ID } from "#shared/page-session.ts";
import { consoleProblems, holdScripts } from "./support/edge-rendered.ts";
import { registerThroughApi } from "./support/members.ts";
import {
  agencyContact,
  cardOf,
  currentUser,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  expectTouchTargets,
  memberAddress,
  openAs,
  screenshot,
} from "./support/search-helpers.ts";

// A test registers or signs in several members and sends interests before
// its screens open, which takes tens of seconds on a busy 2-core machine;
// the screens themselves answer well within the default times.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// The interest lists (docs/specification.md § "Member routes (login required)":
// /viewed_by_profiles, /viewed_profiles, /recommended_profiles,
// /whatsapp_profile; § "4. States and transitions", § "8. Error catalogue";
// ADR 0012). Both projects run at
// once against one database, so each test works with members of its own per
// project: demo members beyond the named accounts that the search tests use,
// or, where only a named account has the data (recommendations, FREE), one that
// no other test changes.

/** The card's main button, as § "4. States and transitions" words it. */
const MAIN_ACTION_LABELS = {
  paidService: "Paid Website Service / See Photo & Phone Number",
  request: "Request for Phone Number / Send Interested Message",
  waiting: "Waiting for approval",
  view: "See Phone Number & Full Details",
} as const;

const perProject = <T>(testInfo: TestInfo, phone: T, desktop: T): T => (testInfo.project.name === "phone" ? phone : desktop);

/** The first of two members for the phone project, the second for the desktop one. */
function forProject<T>(testInfo: TestInfo, pair: readonly T[]): T {
  const value = pair[testInfo.project.name === "phone" ? 0 : 1];
  if (value === undefined) throw new Error("one member per project expected");
  return value;
}

/** The path and query of the interest link on the button of the member's latest "interest received" WhatsApp message. */
async function interestLinkFor(mobile: string): Promise<string> {
  const message = await nextTemplate(mobile, "interest_received");
  expect(message.button).toMatch(/^interest_link\?link=[\w-]+$/);
  return `/${message.button}`;
}

test.describe("interest between two members", () => {
  test("a groom's interest reaches a new bride, she approves it, and he sees her phone for one from his balance", async ({ page, browser, request }, testInfo) => {
    const groom = forProject(testInfo, await activePaidMembers("M", 2));
    const bride = await memberFor(testInfo, "approve", "F", groom.pid);
    const a = await apiSignIn(request, groom);
    const before = await currentUser(a);
    expect(before.membership.active).toBe(true);

    // A asks for B's number from her card (/search_id, the search feature).
    await openAs(page, a, `/search_id?pid=${bride.pid}`);
    const cardForA = cardOf(page, bride.pid);
    await cardForA.getByRole("button", { name: MAIN_ACTION_LABELS.request }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: /^Yes/ }).click();
    await expect(page.getByRole("dialog")).toContainText(MESSAGES.requestSent);
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await expect(cardForA.getByRole("button", { name: MAIN_ACTION_LABELS.waiting })).toBeDisabled();

    // B opens the interest link of her WhatsApp message in her own browser.
    const contextB = await browser.newContext();
    const pageB = await contextB.newPage();
    await pageB.setExtraHTTPHeaders(memberAddress(bride.pid));
    await pageB.goto(await interestLinkFor(bride.mobile));
    // The link signs her in and opens the requests she received (§ "Anonymous routes").
    await expect(pageB).toHaveURL(/\/viewed_by_profiles/);

    // § "Member routes (login required)"'s "Viewed By" / Interested in you, named for what it holds (ADR 0015).
    await expect(pageB).toHaveTitle(/^Requests received/);
    await expect(pageB.getByRole("heading", { level: 1, name: "Requests received" })).toBeVisible();
    const cardForB = cardOf(pageB, groom.pid);
    const incoming = cardForB.getByTestId("incoming-request");
    await expect(incoming).toContainText("Interested in you since");
    // Her decision is in sight as the link opens, without scrolling (ADR 0015).
    await expect(incoming.getByRole("button", { name: "Approve" })).toBeInViewport();
    await expect(incoming.getByRole("button", { name: "Reject" })).toBeInViewport();
    await expectNoSeriousViolations(pageB);
    await expectNoHorizontalOverflow(pageB);
    await expectTouchTargets(pageB, TAP_TARGETS);
    await screenshot(pageB, testInfo, "viewed-by-pending");

    await incoming.getByRole("button", { name: "Approve" }).click();
    const confirm = pageB.getByRole("dialog", { name: MESSAGES.areYouSure });
    await expect(confirm).toContainText(`Profile ID ${groom.pid} will be told on WhatsApp`);
    await confirm.getByRole("button", { name: "Yes, approve" }).click();
    const outcome = pageB.getByRole("dialog", { name: "Approved" });
    await expect(outcome).toContainText(MESSAGES.approved);
    await expectNoSeriousViolations(pageB);
    await screenshot(pageB, testInfo, "viewed-by-approved-dialog", false);
    await outcome.getByRole("button", { name: "OK" }).click();
    await expect(incoming).toContainText("You approved this request on");
    await expect(incoming.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await contextB.close();

    // ADR 0012, ADR 0020: the requester is told on WhatsApp with a link to
    // her profile, never her number.
    const approved = await nextTemplate(groom.mobile, "interest_approved");
    expect(approved.body).toEqual([expect.any(String), String(bride.pid), String(groom.pid)]);
    expect(approved.button).toMatch(/^whatsapp_link\?link=[\w-]+$/);
    expect(JSON.stringify(approved)).not.toContain(bride.mobile.replace(/\D/g, "").slice(-10));

    // A sees the approval on the card, confirms, and reads B's phone number.
    await page.reload();
    await cardForA.getByRole("button", { name: MAIN_ACTION_LABELS.view }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: MESSAGES.viewConfirmYes }).click();
    await expect(page).toHaveURL(new RegExp(`/full_profile\\?pid=${bride.pid}$`));
    await expect.poll(async () => (await page.locator("main").innerText()).replace(/\D/g, "")).toContain(bride.mobile.replace(/\D/g, "").slice(-10));

    // The WhatsApp profile page gives him the number too, for nothing more.
    await page.goto(`/whatsapp_profile?pid=${bride.pid}`);
    await expect(page.getByTestId("whatsapp-phone")).toBeVisible();
    expect((await page.getByTestId("whatsapp-phone").innerText()).replace(/\D/g, "")).toContain(bride.mobile.replace(/\D/g, "").slice(-10));
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "whatsapp-profile-with-phone");

    const after = await currentUser(a);
    expect(after.membership.balance).toBe(before.membership.balance - 1);
  });
});

test.describe("/viewed_by_profiles", () => {
  test('pages ten at a time, wraps around both ways, and rejects with the dialog of § "8. Error catalogue"', async ({ page, request }, testInfo) => {
    const bride = await memberFor(testInfo, "paging", "F");
    // Twelve more grooms ask for her (through the agency, who may send on
    // their behalf): at least two pages.
    const grooms = await otherMembers("M", 12, 0, bride.pid);
    const staff = await ownerSession();
    for (const groom of grooms) await agencySendsInterest(staff, groom, bride.pid);

    const b = await apiSignIn(request, bride);
    const pageCount = (await api<ProfilePage>(b, `/api/profile_visits?pid=${bride.pid}&p_status=V&page=1`)).data?.pageCount ?? 0;
    expect(pageCount).toBeGreaterThanOrEqual(2);
    const lastCount = (await api<ProfilePage>(b, `/api/profile_visits?pid=${bride.pid}&p_status=V&page=${pageCount}`)).data?.profiles.length;

    await openAs(page, b, "/viewed_by_profiles");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(10);
    const pager = page.getByRole("navigation", { name: "Requests received pages" });
    await expect(pager.getByText("Page 1", { exact: true })).toBeVisible();
    // Latest first: the last groom to ask leads.
    await expect(cards.first()).toHaveAttribute("data-pid", String(grooms.at(-1)));
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "viewed-by-page-1");

    // Next, from the bottom of the page: page 2, scrolled to the top.
    await pager.getByRole("link", { name: /^Next/ }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pager.getByText("Page 2", { exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole("heading", { level: 1, name: "Requests received" })).toBeFocused();
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "viewed-by-page-2");

    // Next on the last page wraps to the first, Previous on the first to the last.
    for (let current = 2; current < pageCount; current += 1) await pager.getByRole("link", { name: /^Next/ }).click();
    await expect(pager.getByText(`Page ${pageCount}`, { exact: true })).toBeVisible();
    await pager.getByRole("link", { name: /^Next/ }).click();
    await expect(pager.getByText("Page 1", { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(10);
    await pager.getByRole("link", { name: /^Previous/ }).click();
    await expect(pager.getByText(`Page ${pageCount}`, { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(lastCount ?? 0);

    // Reject the earliest of the twelve: the eleventh newest, on page 2.
    await page.goto("/viewed_by_profiles?page=2");
    const first = grooms[0] as number;
    const incoming = cardOf(page, first).getByTestId("incoming-request");
    await incoming.getByRole("button", { name: "Reject" }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: "Yes, reject" }).click();
    const outcome = page.getByRole("dialog", { name: "Rejected" });
    await expect(outcome).toContainText(MESSAGES.rejected);
    await outcome.getByRole("button", { name: "OK" }).click();
    await expect(incoming).toContainText("You rejected this request on");

    const list = await api<ProfilePage>(b, `/api/profile_visits?pid=${bride.pid}&p_status=V&page=2`);
    const rejected = list.data?.profiles.find((card: ProfileCard) => card.pid === first);
    expect(rejected?.incoming?.deniedAt).not.toBeNull();
  });

  test("a request's date is India's in the Worker's page and after the phone adopts it, whatever the phone's time zone", async ({ browser, request }, testInfo) => {
    // A new (free) bride: the Worker draws the list of a tier whose cards open on a wide screen to the browser (web/app/edge-render.tsx).
    const bride = await registerThroughApi(request, testInfo, "F");
    const [groom] = (await otherMembers("M", 1)) as [number];
    await agencySendsInterest(await ownerSession(), groom, bride.pid);
    const b = await apiSignIn(request, bride);
    const list = await api<ProfilePage>(b, `/api/profile_visits?pid=${bride.pid}&p_status=V&page=1`);
    const interestedAt = list.data?.profiles.find((card) => card.pid === groom)?.incoming?.interestedAt ?? "";
    const sent = new Date(interestedAt);
    // India's day (ADR 0040), which the Worker (UTC) now writes too.
    const expected = toStoredDisplayDate(indiaDate(sent));
    // A phone whose calendar is a day away from India's at that moment (UTC-11 before 16:00 in India, UTC+14 after): its own date would differ.
    const indiaHour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: INDIA_TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(sent));
    const timezoneId = indiaHour < 16 ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";
    const { viewport, isMobile, hasTouch, deviceScaleFactor, baseURL } = testInfo.project.use;
    const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, baseURL, timezoneId });
    const page = await context.newPage();
    try {
      // Once opened by the application, which keeps the page-session cookie: the next one is the Worker's (ADR 0042).
      await openAs(page, b, "/viewed_by_profiles");
      await expect(cardOf(page, groom)).toBeVisible();
      await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === PAGE_SESSION_COOKIE)?.value).toBe(b.token);

      const seen = consoleProblems(page);
      const release = await holdScripts(page);
      await page.goto("/viewed_by_profiles", { waitUntil: "commit" });
      const incoming = cardOf(page, groom).getByTestId("incoming-request");
      // Before any script: the Worker's HTML.
      await expect(incoming).toContainText(`Interested in you since ${expected}.`);
      release();
      await expect(page.locator("main")).not.toHaveAttribute("inert");
      await expect(page.locator(`#${VIEWED_BY_PAGE_DATA_ID}`)).toHaveCount(0);
      await page.waitForLoadState("networkidle");
      await expect(incoming).toContainText(`Interested in you since ${expected}.`);
      // No hydration mismatch (React's #418) nor any other error.
      expect(seen).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an approve that the server refuses shows the failure dialog of § "8. Error catalogue"', async ({ page, request }, testInfo) => {
    const bride = await memberFor(testInfo, "refusal", "F");
    const [groom, other] = (await otherMembers("M", 2, 0, bride.pid)) as [number, number];
    const staff = await ownerSession();
    await agencySendsInterest(staff, groom, bride.pid);
    const b = await apiSignIn(request, bride);
    await openAs(page, b, "/viewed_by_profiles");
    const incoming = cardOf(page, groom).getByTestId("incoming-request");
    await expect(incoming.getByRole("button", { name: "Approve" })).toBeVisible();

    // Decided meanwhile (another tab): the screen still offers it, the server refuses.
    const rejected = await api(b, "/api/reject_interest", { pid: groom });
    expect(rejected.status, JSON.stringify(rejected)).toBe(200);
    await incoming.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: "Yes, approve" }).click();
    const failure = page.getByRole("dialog", { name: "Not saved" });
    await expect(failure).toContainText(MESSAGES.approveFailed);
    await expect(failure).toContainText("You have already rejected this profile.");
    await screenshot(page, testInfo, "viewed-by-approve-failed", false);
    await failure.getByRole("button", { name: "OK" }).click();
    // The list was fetched again: the decision taken shows.
    await expect(incoming).toContainText("You rejected this request on");

    // A failure with no answer from the server at all: the text with the agency.
    const { agency } = await agencyContact(page);
    await agencySendsInterest(staff, other, bride.pid);
    await page.reload();
    await page.route("**/api/approve_interest", (route) => route.abort());
    await cardOf(page, other).getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: "Yes, approve" }).click();
    await expect(page.getByRole("dialog", { name: "Not saved" })).toContainText(fillMessage(MESSAGES.requestFailedContact, { agency }));
  });
});

test.describe("/viewed_profiles", () => {
  test("lists my requests, withdraws one after Are you sure?, and approves a request made to me", async ({ page, request }, testInfo) => {
    const bride = forProject(testInfo, await activePaidMembers("F", 2));
    const [asked, mutual] = (await otherMembers("M", 2, 0, bride.pid)) as [number, number];
    const b = await apiSignIn(request, bride);
    // She asks two grooms; one of them has asked her too.
    const staff = await ownerSession();
    await agencySendsInterest(staff, mutual, bride.pid);
    for (const tpid of [asked, mutual]) {
      const sent = await api<{ status: string }>(b, "/api/send_interest", { fpid: bride.pid, tpid, skip: true });
      expect(sent.status).toBe(200);
      expect(sent.data?.status).toMatch(/^(sent|pending)$/);
    }

    await openAs(page, b, "/viewed_profiles");
    await expect(page).toHaveTitle(/^Requests I sent/);
    await expect(page.getByRole("heading", { level: 1, name: "Requests I sent" })).toBeVisible();
    const askedCard = cardOf(page, asked);
    await expect(askedCard.getByRole("button", { name: MAIN_ACTION_LABELS.waiting })).toBeDisabled();
    await expect(askedCard.getByRole("button", { name: "Delete request" })).toBeVisible();
    // § "4. States and transitions": no remove button on this page.
    await expect(page.getByRole("button", { name: /Remove profile from list|Hide profile/ })).toHaveCount(0);
    // Show more (a paid viewer's card has it, or has it open).
    await expect(askedCard.getByRole("button", { name: /Show (more|less) details/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, TAP_TARGETS);
    await screenshot(page, testInfo, "viewed-profiles");

    // Withdraw, after "Are you sure?".
    await askedCard.getByRole("button", { name: "Delete request" }).click();
    const confirm = page.getByRole("dialog", { name: MESSAGES.areYouSure });
    await confirm.getByRole("button", { name: "No" }).click();
    await expect(askedCard).toBeVisible();
    await askedCard.getByRole("button", { name: "Delete request" }).click();
    await confirm.getByRole("button", { name: "Yes, delete request" }).click();
    await expect(page.getByText(`Your request to Profile ID ${asked} was withdrawn.`)).toBeVisible();
    await expect(askedCard).toHaveCount(0);

    // The groom who asked her too: approve here.
    const mutualCard = cardOf(page, mutual);
    await mutualCard.getByTestId("incoming-request").getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: "Yes, approve" }).click();
    await expect(page.getByRole("dialog", { name: "Approved" })).toContainText(MESSAGES.approved);
    await page.getByRole("dialog", { name: "Approved" }).getByRole("button", { name: "OK" }).click();
    await expect(mutualCard.getByTestId("incoming-request")).toContainText("You approved this request on");
  });
});

test.describe("/recommended_profiles", () => {
  test("a paid member's recommendations with Back, Viewed Profiles and Not interested", async ({ page, request }, testInfo) => {
    // Named accounts have the agency's recommendations; no other test reads them.
    const member = demoMember(perProject(testInfo, 10005, 10015));
    const session = await apiSignIn(request, member);
    const recommendations = await api<ProfileCard[]>(session, "/api/recommended_profiles");
    const first = recommendations.data?.[0];
    if (!first) throw new Error("no recommendations");

    await openAs(page, session, "/search");
    await page.goto("/recommended_profiles");
    await expect(page).toHaveTitle(/^Recommended Profiles/);
    await expect(page.locator("main article")).toHaveCount(Math.min(30, recommendations.data?.length ?? 0));
    await expect(page.getByRole("main").getByRole("link", { name: "Requests I sent" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    // LIFE sees the additional details at once (§ "Profile card content"), folded on a phone (ADR 0015).
    if (testInfo.project.name === "phone") {
      await expect(cardOf(page, first.pid).getByText("Date of Birth")).toBeHidden();
      await cardOf(page, first.pid).getByRole("button", { name: "Show more details" }).click();
    }
    await expect(cardOf(page, first.pid).getByText("Date of Birth")).toBeVisible();
    await expect(cardOf(page, first.pid).locator("img")).toHaveCount(1);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, TAP_TARGETS);
    await screenshot(page, testInfo, "recommended");

    await cardOf(page, first.pid).getByRole("button", { name: "Not interested" }).click();
    await page.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: "Yes, not interested" }).click();
    await expect(page.getByText(`Profile ID ${first.pid} will no longer be recommended to you.`)).toBeVisible();
    await expect(cardOf(page, first.pid)).toHaveCount(0);
    await page.reload();
    await expect(page.locator("main article").first()).toBeVisible();
    await expect(cardOf(page, first.pid)).toHaveCount(0);

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test("a FREE member gets no Back or Viewed Profiles, and the request explains the paid service", async ({ page, request }, testInfo) => {
    const member = demoMember(perProject(testInfo, 10001, 10011));
    const session = await apiSignIn(request, member);
    await openAs(page, session, "/recommended_profiles");
    await expect(page.locator("main article").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expect(page.locator("main").getByRole("link", { name: "Requests I sent" })).toHaveCount(0);
    const { agency, phone } = await agencyContact(page);
    await page.locator("main article").first().getByRole("button", { name: MAIN_ACTION_LABELS.request }).click();
    await expect(page.getByRole("dialog")).toContainText(fillMessage(MEMBERSHIP_MESSAGES.freeMember, { pid: member.pid, agency, phone }));
    await screenshot(page, testInfo, "recommended-free-dialog", false);
  });
});

test.describe("/whatsapp_profile", () => {
  test("a FREE member sees the profile without the phone, the paid service, and the free and paid lists", async ({ page, request }, testInfo) => {
    const member = demoMember(perProject(testInfo, 10001, 10011));
    const session = await apiSignIn(request, member);
    const target = (await otherMembers(member.pid === 10001 ? "M" : "F", 1, 40))[0] as number;
    const answer = await api<{ profile: ProfileCard; phone: string | null }>(session, `/api/whatsapp_profile?pid=${target}`);
    expect(answer.data?.phone).toBeNull();

    await openAs(page, session, `/whatsapp_profile?pid=${target}`);
    await expect(cardOf(page, target).first()).toBeVisible();
    await expect(cardOf(page, target).first()).toContainText(`${answer.data?.profile.surname} ${answer.data?.profile.name}`);
    await expect(page.getByText("Scroll down to see more free and paid profiles")).toBeVisible();
    const sent = page.getByRole("region", { name: "WhatsApp Profiles" });
    await expect(sent).toBeVisible();
    expect(await sent.locator("article").count()).toBeLessThanOrEqual(2);
    const premium = page.getByRole("region", { name: "Premium Profiles (Paid Service)" });
    await expect(premium.locator("article").first()).toBeVisible();
    await expect(page.getByTestId("whatsapp-phone")).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, TAP_TARGETS);
    await screenshot(page, testInfo, "whatsapp-profile-free");

    const { agency, phone } = await agencyContact(page);
    await cardOf(page, target).first().getByRole("button", { name: MAIN_ACTION_LABELS.paidService }).click();
    const dialog = page.getByRole("dialog", { name: "Paid Website Service" });
    await expect(dialog).toContainText(fillMessage(MEMBERSHIP_MESSAGES.freeMember, { pid: member.pid, agency, phone }));
    await expect(dialog.getByRole("link", { name: `Call ${phone}` })).toBeVisible();
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "whatsapp-profile-paid-service", false);
    await dialog.getByRole("button", { name: "OK" }).click();

    await page.goto("/whatsapp_profile?pid=999999");
    await expect(page.getByText(MESSAGES.profileNotFound, { exact: true })).toBeVisible();
  });
});

test.describe("in Telugu", () => {
  // Issue 16: the same interest, sent and approved by two families who chose
  // తెలుగు; every text on their screens comes from the Telugu catalogue.
  const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

  test("a groom sends interest, the bride approves it, both lists read Telugu, and he reads her full profile with the matching points", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // Not the English test's grooms: this one spends a view, and that test counts his balance.
    const groom = forProject(testInfo, (await activePaidMembers("M", 4)).slice(2));
    const bride = await memberFor(testInfo, "approveTelugu", "F", groom.pid);
    const a = await apiSignIn(request, groom);
    await chooseTelugu(page.context());

    await openAs(page, a, `/search_id?pid=${bride.pid}`);
    const cardForA = cardOf(page, bride.pid);
    await cardForA.getByRole("button", { name: te["card.mainRequest"] }).click();
    await page.getByRole("dialog", { name: te["common.areYouSure"] }).getByRole("button", { name: te["card.yesSend"] }).click();
    await expect(page.getByRole("dialog")).toContainText(te["card.requestSent"]);
    await page.getByRole("dialog").getByRole("button", { name: te["notice.ok"] }).click();

    // The bride opens her WhatsApp link on a phone that reads Telugu.
    const contextB = await browser.newContext();
    await chooseTelugu(contextB);
    const pageB = await contextB.newPage();
    await pageB.setExtraHTTPHeaders(memberAddress(bride.pid));
    await pageB.goto(await interestLinkFor(bride.mobile));
    await expect(pageB).toHaveURL(/\/viewed_by_profiles/);
    await expect(pageB.getByRole("heading", { level: 1, name: te["lists.received"] })).toBeVisible();
    await expect(pageB).toHaveTitle(new RegExp(`^${te["lists.received"]}`));
    const incoming = cardOf(pageB, groom.pid).getByTestId("incoming-request");
    await expect(incoming).toContainText(te["interests.theirRequest"]);
    await expect(incoming.getByRole("button", { name: te["interests.approve"] })).toBeVisible();
    await expectAllTelugu(pageB);
    await expectNoSeriousViolations(pageB);
    await expectNoHorizontalOverflow(pageB);
    await screenshot(pageB, testInfo, "te-interests-received");

    await incoming.getByRole("button", { name: te["interests.approve"] }).click();
    const confirm = pageB.getByRole("dialog", { name: te["common.areYouSure"] });
    await expect(confirm).toContainText(fill(te["interests.confirmApprove"], { pid: groom.pid }));
    await expectAllTelugu(pageB);
    await confirm.getByRole("button", { name: te["interests.yesApprove"] }).click();
    const outcome = pageB.getByRole("dialog", { name: te["interests.approvedTitle"] });
    await expect(outcome).toContainText(te["interests.approved"]);
    await expectAllTelugu(pageB);
    await expectNoSeriousViolations(pageB);
    await screenshot(pageB, testInfo, "te-interests-approved-dialog", false);
    await outcome.getByRole("button", { name: te["notice.ok"] }).click();
    // The day of her decision in India (ADR 0040) as Telugu readers write dates: "24 నవంబర్, 2026".
    const today = new Intl.DateTimeFormat("te-IN", { day: "numeric", month: "long", year: "numeric", timeZone: INDIA_TIME_ZONE }).format(new Date());
    await expect(incoming).toContainText(fill(te["interests.approvedOn"], { date: today }).replace(/<\/?0>/g, ""));
    await contextB.close();

    // The groom's list of requests he sent shows the approval, in Telugu.
    await page.goto("/viewed_profiles");
    await expect(page.getByRole("heading", { level: 1, name: te["lists.sent"] })).toBeVisible();
    await expect(cardOf(page, bride.pid)).toContainText(fill(te["interests.mine.approvedOn"], { date: today }).replace(/<\/?0>/g, ""));
    await expectAllTelugu(page);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-interests-sent");

    // He confirms the view and reads her full profile: the eight kootas by their Telugu names.
    await cardOf(page, bride.pid).getByRole("button", { name: te["card.mainView"] }).click();
    await page.getByRole("dialog", { name: te["common.areYouSure"] }).getByRole("button", { name: te["card.viewYes"] }).click();
    await expect(page).toHaveURL(new RegExp(`/full_profile\\?pid=${bride.pid}$`));
    const points = page.getByRole("region", { name: te["matchingPoints.title"] });
    await expect(points.getByRole("columnheader", { name: te["matchingPoints.koota"] })).toBeVisible();
    for (const koota of KOOTAS) await expect(points.getByRole("rowheader", { name: koota.nameTe, exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: te["fullProfile.section.siblings"] })).toBeVisible();
    // Her religion and native state by the lists' Telugu names (ADR 0040), found by the names the API answers.
    const her = (await api<FullProfile>(a, `/api/users/${bride.pid}?normalized=true`)).data;
    if (!her) throw new Error("her full profile is not answered");
    const astro = page.getByRole("region", { name: te["fullProfile.section.astro"] });
    await expect(astro.locator("dd").getByText(await teluguListName(request, "religions", her.religion), { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: te["fullProfile.section.parents"] })).toContainText(await teluguListName(request, "states", her.nativeState));
    await expectAllTelugu(page);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-full-profile");
  });
});
