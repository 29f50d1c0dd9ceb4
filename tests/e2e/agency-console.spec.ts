import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import type { RegistrationResult, SignInResult } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { ADMIN_PAGE_SIZE } from "#shared/schemas/admin.ts";
import { demoOwner } from "#scripts/demo/demo-staff.ts";
import { ownerSession } from "./support/agency.ts";
import { agencySendsInterest } from "./support/interest-helpers.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, jpegBytes, registrationFields, screenshot, uniqueMobile } from "./support/members.ts";
import { cardOf, expectTouchTargets, memberAddress, openAs, type Session } from "./support/search-helpers.ts";
import { codeSentTo, countTemplates, makeUndeliverable, memberWrites, nextTemplate } from "./support/whatsapp.ts";

// The agency console (ADR 0018) in the browser against the real Worker: staff
// sign in with their own accounts, find a member, sell a membership (and the
// member then sees an approved profile in full), issue and revoke links,
// reset a password, work the outbox, edit the public pages, and read the
// audit log. Every member here is registered by the test itself, so no other
// spec signs in as them and the two projects never share one.

const owner = demoOwner();
const STAFF_ADDRESS = { "CF-Connecting-IP": "203.0.113.77" };
const CONSOLE_TARGETS = "main button, main a.btn-primary, main a.btn-outline, main a.btn-quiet, header button, header nav a";

interface NewMember {
  pid: number;
  password: string;
  mobile: string;
}

/**
 * A member of our own, registered through the API (the form is registration.spec.ts's),
 * who agreed to be listed on public pages and to get the weekly lists (ADR 0033).
 */
async function register(request: APIRequestContext, testInfo: TestInfo, gender: "F" | "M"): Promise<NewMember> {
  const mobile = uniqueMobile(testInfo);
  const response = await request.post("/api/save_new_registration", {
    multipart: {
      ...registrationFields(mobile, gender),
      consents: JSON.stringify({ publicList: true, promotions: true }),
      photo: { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpegBytes(360, 480) },
    },
    headers: memberAddress(Number(mobile.slice(-3))),
  });
  expect(response.status(), await response.text()).toBe(200);
  const { pid } = ((await response.json()) as { data: RegistrationResult }).data;
  // The member sets a password with the code that reached their WhatsApp (ADR 0021).
  const password = `Chosen-${pid}`;
  const confirmed = await request.post("/api/users/password_reset/confirm", { data: { pid, code: await codeSentTo(mobile), password }, headers: memberAddress(pid) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { pid, password, mobile };
}

async function memberSession(request: APIRequestContext, member: NewMember): Promise<Session> {
  const headers = memberAddress(member.pid);
  const response = await request.post("/api/users/sign_in", { data: { pid: member.pid, password: member.password }, headers });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = ((await response.json()) as { data: SignInResult }).data;
  return { pid: member.pid, token, request, headers };
}

/** Signs staff in (the demo owner unless told) through the console's own form. */
async function staffSignIn(page: Page, path = "/agency", who: { username: string; password: string } = owner): Promise<void> {
  await page.setExtraHTTPHeaders(STAFF_ADDRESS);
  await page.goto(path);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

/** Checks a console screen the same way every time: axe, no sideways scroll, finger-sized targets, and a screenshot to look at. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);
  await expectTouchTargets(page, CONSOLE_TARGETS);
  await screenshot(page, testInfo, `agency-${name}`);
}

/** A region of a long screen on its own: a full-page phone shot is too tall to read. */
async function regionShot(page: Page, testInfo: TestInfo, region: string, name: string): Promise<void> {
  await page.getByRole("region", { name: region }).screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-agency-${name}.png` });
}

/** The card's button once a request is approved (web/components/profile-card/main-action.ts). */
const SEE_FULL_DETAILS = "See Phone Number & Full Details";

/** A browser of its own, as on someone else's phone or desk. */
async function pageOfItsOwn(browser: Browser, testInfo: TestInfo, headers: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: String(testInfo.project.use.baseURL) });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders(headers);
  return page;
}

/** A page of its own for a member, as on their own phone. */
function memberPage(browser: Browser, testInfo: TestInfo, pid: number): Promise<Page> {
  return pageOfItsOwn(browser, testInfo, memberAddress(pid));
}

test.describe("agency console", () => {
  test("staff sign in with their own form and header; a member's token is refused", async ({ page, request }, testInfo) => {
    const member = await register(request, testInfo, "F");
    const { token } = await memberSession(request, member);

    // The API refuses a member's token on every admin call.
    for (const path of ["/api/admin/me", "/api/admin/members"]) {
      const response = await request.get(path, { headers: { ...memberAddress(member.pid), Authorization: `Bearer ${token}` } });
      expect(response.status(), path).toBe(401);
    }

    // A member's token put where the console keeps its own: the console
    // finds out at its first call and shows its sign-in instead.
    await page.goto("/agency");
    await page.evaluate((value) => localStorage.setItem("agencyToken", value), token);
    await page.goto("/agency/members");
    await expect(page.getByRole("heading", { level: 1, name: "Agency console" })).toBeVisible();
    await expect(page).toHaveURL(/\/agency\?next=%2Fagency%2Fmembers$/);
    expect(await page.evaluate(() => localStorage.getItem("agencyToken"))).toBeNull();

    // The members' navigation bar is not part of the console.
    await expect(page.getByRole("link", { name: "Search Profiles" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "New Registration" })).toHaveCount(0);

    await expect(page.getByRole("link", { name: "Login page" })).toHaveAttribute("href", "/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Username Required *")).toBeVisible();
    await expect(page.getByText("Password Required *")).toBeVisible();
    await checkScreen(page, testInfo, "sign-in");

    await page.getByLabel("Username").fill(owner.username);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Back to where staff were going.
    await expect(page).toHaveURL(/\/agency\/members$/);
    const header = page.getByRole("banner");
    await expect(header).toContainText(owner.name);
    await expect(header).toContainText("Owner");
    const nav = page.getByRole("navigation", { name: "Console" });
    for (const name of ["Members", "Outbox", "Public pages", "Audit log"]) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search Profiles" })).toHaveCount(0);

    // Signing out is on the account screen, one tap from every screen.
    await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Signed in as" })).toContainText(owner.username);
    await checkScreen(page, testInfo, "account");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Agency console" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("agencyToken"))).toBeNull();
  });

  test("pages through the members register, newest first, with the page in the address and no wrap-around", async ({ page }, testInfo) => {
    // GOLD (DONOR) members: the demo has several pages of them, and no test changes their number.
    await staffSignIn(page, "/agency/members?tier=DONOR");
    const results = page.getByRole("region", { name: "Results" });
    const found = Number((await results.getByRole("status").innerText()).match(/^(\d+) members found$/)?.[1]);
    const pageCount = Math.ceil(found / ADMIN_PAGE_SIZE);
    expect(pageCount, `${found} GOLD members in the demo data`).toBeGreaterThanOrEqual(3);
    const pager = page.getByRole("navigation", { name: "Member pages" });
    const pids = async () => (await results.locator('a[href^="/agency/members/"]').filter({ visible: true }).allInnerTexts()).map((text) => Number.parseInt(text, 10));

    await expect(pager).toContainText(`Page 1 of ${pageCount}`);
    await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
    const first = await pids();
    expect(first).toHaveLength(ADMIN_PAGE_SIZE);
    await checkScreen(page, testInfo, "members-paged");

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/agency\/members\?tier=DONOR&page=2$/);
    await expect(pager).toContainText(`Page 2 of ${pageCount}`);
    const second = await pids();
    // Newest first across pages: every Profile ID on page 2 is older than those on page 1.
    expect(Math.max(...second)).toBeLessThan(Math.min(...first));

    await page.goto(`/agency/members?tier=DONOR&page=${pageCount}`);
    await expect(pager).toContainText(`Page ${pageCount} of ${pageCount}`);
    await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(await pids()).toHaveLength(found - (pageCount - 1) * ADMIN_PAGE_SIZE);

    await page.goto("/agency/members?tier=DONOR&page=2");
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/agency\/members\?tier=DONOR$/);
    await expect.poll(pids).toEqual(first);
  });

  test("finds a member, sells a membership, and the member then sees an approved profile in full", async ({ page, request, browser }, testInfo) => {
    test.slow();
    const groom = await register(request, testInfo, "M");
    const bride = await register(request, testInfo, "F");

    await staffSignIn(page);
    await page.getByLabel("Profile ID, name or mobile").fill(String(groom.pid));
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/members\\?q=${groom.pid}$`));
    await expect(page.getByRole("status").filter({ hasText: "member found" })).toHaveText("1 member found");
    await checkScreen(page, testInfo, "members");
    await page
      .getByRole("link", { name: String(groom.pid), exact: false })
      .filter({ visible: true })
      .first()
      .click();

    await expect(page).toHaveURL(new RegExp(`/agency/members/${groom.pid}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Venkata Ramana");
    const membership = page.getByRole("region", { name: "Membership" });
    await expect(membership).toContainText("Free");

    // A bad value: the shared schema's own message, under the field.
    await membership.getByLabel("Profiles allowed").fill("2");
    await membership.getByLabel("Profiles viewed").fill("5");
    await membership.getByRole("button", { name: "Save membership" }).click();
    await expect(membership.getByText("Profiles viewed cannot be more than profiles allowed")).toBeVisible();

    // Sell three months of SILVER with ten views. A free member has none
    // allowed: the fill leaves that to staff, and a paid tier with 0 is refused.
    await page.reload();
    await expect(membership.getByLabel("Tier").locator("option:checked")).toHaveText("MEMBER (free)");
    await membership.getByRole("button", { name: "Renew 3 months" }).click();
    await expect(membership.getByText(/^Filled in 3 months, to .*Fill in the profiles allowed/)).toBeVisible();
    await expect(membership.getByLabel("Profiles allowed")).toHaveValue("");
    await membership.getByLabel("Profiles allowed").fill("0");
    await membership.getByLabel("Profiles viewed").fill("0");
    await membership.getByRole("button", { name: "Save membership" }).click();
    await expect(membership.getByText("A paid membership needs at least one profile allowed")).toBeVisible();
    await membership.getByLabel("Profiles allowed").fill("10");
    await membership.getByLabel("Profiles viewed").fill("0");
    await expect(membership.getByLabel("Tier")).toHaveValue("MEMBER");
    await expect(membership.getByLabel("Tier").locator("option:checked")).toHaveText("SILVER");
    const until = await membership.getByLabel("Runs to (last day)").inputValue();
    expect(until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await membership.getByRole("button", { name: "Save membership" }).click();
    await expect(membership.getByText("Membership saved.")).toBeVisible();
    await expect(membership).toContainText("Active until");
    await expect(membership).toContainText("10 of 10 views left");
    await checkScreen(page, testInfo, "member");
    await regionShot(page, testInfo, "Membership", "member-membership");
    await regionShot(page, testInfo, "Visibility", "member-visibility");

    // The groom asks about the bride (through the agency) and she approves.
    await agencySendsInterest(await ownerSession(), groom.pid, bride.pid);
    const brideSession = await memberSession(request, bride);
    const approved = await request.post("/api/approve_interest", {
      data: { pid: groom.pid },
      headers: { ...brideSession.headers, Authorization: `Bearer ${brideSession.token}` },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    // The member, on his own phone, now sees her phone number and details.
    const groomPage = await memberPage(browser, testInfo, groom.pid);
    const groomSession = await memberSession(request, groom);
    await openAs(groomPage, groomSession, "/viewed_profiles");
    const card = cardOf(groomPage, bride.pid);
    await card.getByRole("button", { name: SEE_FULL_DETAILS }).click();
    await groomPage.getByRole("dialog", { name: MESSAGES.areYouSure }).getByRole("button", { name: MESSAGES.viewConfirmYes }).click();
    await expect(groomPage).toHaveURL(new RegExp(`/full_profile\\?pid=${bride.pid}$`));
    await expect.poll(async () => (await groomPage.locator("main").innerText()).replace(/\D/g, "")).toContain(bride.mobile.slice(-10));
    await groomPage.context().close();

    // The sale is in the audit log, with who made it.
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
    const entry = page
      .getByRole("listitem")
      .filter({ hasText: String(groom.pid) })
      .filter({ hasText: /membership/i })
      .first();
    await expect(entry).toBeVisible();
    await expect(entry).toContainText("Membership set");
    await expect(entry).toContainText(`by ${owner.name} (${owner.username})`);
    await expect(entry).toContainText(until);
    await checkScreen(page, testInfo, "audit");
  });

  test("recommends a profile on the member's record, which the member then sees, and takes it back; the audit log names both", async ({ page, request }, testInfo) => {
    const groom = await register(request, testInfo, "M");
    const bride = await register(request, testInfo, "F");
    const session = await memberSession(request, groom);
    const recommendedToGroom = async (): Promise<number[]> => {
      const response = await request.get("/api/recommended_profiles", { headers: { ...session.headers, Authorization: `Bearer ${session.token}` } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: { pid: number }[] }).data.map((item) => item.pid);
    };

    await staffSignIn(page, `/agency/members/${groom.pid}`);
    const panel = page.getByRole("region", { name: "Recommendations" });
    await expect(panel.getByText("No recommendations yet.")).toBeVisible();
    const pidField = panel.getByLabel("Recommend Profile ID");
    await pidField.fill(String(groom.pid));
    await panel.getByRole("button", { name: "Add recommendation" }).click();
    await expect(panel.getByText("A member cannot be recommended to themselves.").first()).toBeVisible();

    await pidField.fill(String(bride.pid));
    await panel.getByRole("button", { name: "Add recommendation" }).click();
    await expect(panel.getByRole("button", { name: `Remove recommendation ${bride.pid}` })).toBeVisible();
    expect(await recommendedToGroom()).toEqual([bride.pid]);
    await regionShot(page, testInfo, "Recommendations", "recommendations");

    await panel.getByRole("button", { name: `Remove recommendation ${bride.pid}` }).click();
    await expect(panel.getByText("No recommendations yet.")).toBeVisible();
    expect(await recommendedToGroom()).toEqual([]);

    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
    const entries = page.getByRole("listitem").filter({ hasText: String(groom.pid) });
    await expect(entries.filter({ hasText: "Profile recommended" })).toHaveCount(1);
    await expect(entries.filter({ hasText: "Recommendation removed" })).toHaveCount(1);
  });

  test("issues a link and opens it, revokes it, resets a password, ends sessions, deactivates and reactivates", async ({ page, request, browser, context }, testInfo) => {
    test.slow();
    const member = await register(request, testInfo, "F");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await staffSignIn(page, `/agency/members/${member.pid}`);
    await expect(page).toHaveURL(new RegExp(`/agency/members/${member.pid}$`));

    // Issue a profile link that opens one profile, copy it, and open it as the member would.
    const links = page.getByRole("region", { name: "Links" });
    await links.getByLabel("Kind of link").selectOption("profile");
    await links.getByLabel("Opens Profile ID").fill("abc");
    await links.getByRole("button", { name: "Issue link" }).click();
    await expect(links.locator(".field-error")).toBeVisible();
    await links.getByLabel("Opens Profile ID").fill("");
    await links.getByRole("button", { name: "Issue link" }).click();
    const issued = links.locator("code").first();
    await expect(issued).toContainText("/profile_link?link=");
    const url = await issued.innerText();
    // It went to the member on WhatsApp as the sign-in-link template, the link's path on its button.
    const linkMessage = await nextTemplate(member.mobile, "sign_in_link");
    expect(`/${linkMessage.button}`).toBe(`${new URL(url).pathname}${new URL(url).search}`);
    await expect(links.getByRole("listitem").filter({ hasText: "Sign-in link to" })).toContainText(`Here is your link to open your profile (Profile ID ${member.pid})`);
    await links.getByRole("button", { name: "Copy the new link" }).click();
    await expect(links.getByRole("button", { name: "Copy the new link" })).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const memberTab = await memberPage(browser, testInfo, member.pid);
    const { pathname, search } = new URL(url);
    await memberTab.goto(`${pathname}${search}`);
    await expect(memberTab).toHaveURL(/\/search$/);
    expect(await memberTab.evaluate(() => localStorage.getItem("token"))).not.toBeNull();

    // Revoke it: it asks first, then the list says so.
    const row = links.getByRole("listitem").filter({ hasText: "Profile link" }).first();
    await expect(row).toContainText("Live");
    await row.getByRole("button", { name: /^Revoke/ }).click();
    const confirmRevoke = page.getByRole("dialog", { name: "Revoke this link?" });
    await confirmRevoke.getByRole("button", { name: "Revoke link" }).click();
    await expect(row).toContainText("Revoked");
    await memberTab.evaluate(() => localStorage.clear());
    await memberTab.goto(`${pathname}${search}`);
    await expect(memberTab.getByText(/This profile link is not valid anymore/)).toBeVisible();

    // Reset the password: the old one stops working, and a code goes to the member's WhatsApp.
    const codesBefore = await countTemplates(member.mobile, "verification_code");
    const account = page.getByRole("region", { name: "Account" });
    await account.getByRole("button", { name: "Reset password" }).click();
    const confirmReset = page.getByRole("dialog", { name: "Reset the password?" });
    await expect(confirmReset).toContainText(String(member.pid));
    await confirmReset.getByRole("button", { name: "Reset password" }).click();
    await expect(account.getByText(/^Password reset\. The member sets a new one with the code/)).toBeVisible();
    await expect(account.getByRole("listitem").filter({ hasText: "Code after a password reset" })).toBeVisible();
    const oldRefused = await request.post("/api/users/sign_in", { data: { pid: member.pid, password: member.password }, headers: memberAddress(member.pid) });
    expect(oldRefused.status()).toBe(400);
    const code = await codeSentTo(member.mobile, codesBefore);
    const newPassword = `Renewed-${member.pid}`;
    const withNew = await request.post("/api/users/password_reset/confirm", { data: { pid: member.pid, code, password: newPassword }, headers: memberAddress(member.pid) });
    expect(withNew.status()).toBe(200);
    // The console shows the code reached the member.
    await page.reload();
    await expect(account).toContainText("Set by the member");

    // End sessions: the sign-in just made is ended.
    await page.reload();
    await account.getByRole("button", { name: "End sessions" }).click();
    await page.getByRole("dialog", { name: "Sign the member out everywhere?" }).getByRole("button", { name: "End sessions" }).click();
    await expect(account.getByText(/^\d+ sessions? ended\.$/)).toBeVisible();
    await expect(account).toContainText("0 devices");

    // Deactivate and reactivate.
    await account.getByRole("button", { name: "Deactivate" }).click();
    await page.getByRole("dialog", { name: "Deactivate this member?" }).getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByRole("banner").or(page.locator("main header")).getByText("Deactivated").first()).toBeVisible();
    const refused = await request.post("/api/users/sign_in", { data: { pid: member.pid, password: newPassword }, headers: memberAddress(member.pid) });
    expect(refused.status()).not.toBe(200);
    await account.getByRole("button", { name: "Reactivate" }).click();
    // Confirmed first, as deactivating is: Cancel changes nothing.
    await page.getByRole("dialog", { name: "Reactivate this member?" }).getByRole("button", { name: "Cancel" }).click();
    await expect(account.getByRole("button", { name: "Reactivate" })).toBeVisible();
    await account.getByRole("button", { name: "Reactivate" }).click();
    await page.getByRole("dialog", { name: "Reactivate this member?" }).getByRole("button", { name: "Reactivate" }).click();
    await expect(account.getByRole("button", { name: "Deactivate" })).toBeVisible();
    await regionShot(page, testInfo, "Account", "member-account");
    await regionShot(page, testInfo, "Links", "member-links");
    await memberTab.context().close();
  });

  test("outbox: delivery as WhatsApp shows it, a failure with what to do, sent by hand; members' messages", async ({ page, request }, testInfo) => {
    test.slow();
    const member = await register(request, testInfo, "F");
    // Her number stops taking WhatsApp messages; then she asks for a code.
    await makeUndeliverable(member.mobile);
    const asked = await request.post("/api/users/password_reset", { data: { pid: member.pid, mobile: member.mobile }, headers: memberAddress(member.pid) });
    expect(asked.status()).toBe(200);
    await memberWrites(member.mobile, "Namaste, my code did not come. Please help.", "Sravani");
    await staffSignIn(page, "/agency/outbox");

    await page.getByLabel("Profile ID").fill("12ab");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.locator(".field-error")).toBeVisible();
    await page.getByLabel("Profile ID").fill(String(member.pid));
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/outbox\\?pid=${member.pid}$`));

    // The registration code reached her: delivered, as WhatsApp shows it; its text is gone.
    // Her messages: until the filtered page arrives, the list still shows everyone's.
    const messages = page
      .getByRole("list", { name: "Messages" })
      .getByRole("listitem")
      .filter({ hasText: `· ${member.pid}` });
    const registration = messages.filter({ hasText: "Code after registration" });
    await expect(registration).toContainText("✓✓ Delivered");
    await expect(registration).toContainText("Its text was removed so that the code is not stored.");
    // The code she asked for failed: the reason, what to do, and the way to send it by hand.
    const failed = messages.filter({ hasText: "Code for Forgot password" });
    await expect(failed).toContainText("Failed", { timeout: 10_000 });
    await expect(failed).toContainText("WhatsApp could not deliver to this number");
    await expect(failed).toContainText("What to do: Call the member to check the number");
    await expect(failed.getByRole("link", { name: /^Open in WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=.*is%20your%20code/);
    await checkScreen(page, testInfo, "outbox");

    // Her record flags the code that never reached her, and shows what she wrote.
    await page.goto(`/agency/members/${member.pid}`);
    const account = page.getByRole("region", { name: "Account" });
    await expect(account).toContainText("The member's latest code has not reached them");
    await expect(page.getByRole("region", { name: "WhatsApp from the member" })).toContainText("my code did not come");
    await regionShot(page, testInfo, "Account", "member-account-flagged");

    // Back in the outbox she was sent the code by hand.
    await page.goto(`/agency/outbox?pid=${member.pid}`);
    // Marking removes the code from the stored text: it asks first, and Cancel changes nothing.
    await failed.getByRole("button", { name: /^Mark .* as sent$/ }).click();
    const confirmSent = page.getByRole("dialog", { name: "Mark this message as sent?" });
    await expect(confirmSent).toContainText("Do this only after you have sent it in WhatsApp. Its code or link is then removed from the outbox.");
    await screenshot(page, testInfo, "agency-outbox-confirm", false);
    await confirmSent.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmSent).toHaveCount(0);
    await failed.getByRole("button", { name: /^Mark .* as sent$/ }).click();
    await confirmSent.getByRole("button", { name: "Mark as sent" }).click();
    await expect(failed).toContainText("✓ Sent");
    await expect(failed.getByRole("button", { name: /^Mark/ })).toHaveCount(0);

    // Her message to the agency's number, with the time left to answer in WhatsApp.
    await page.getByRole("link", { name: /^From members/ }).click();
    const inbound = page
      .getByRole("list", { name: "Messages from members" })
      .getByRole("listitem")
      .filter({ hasText: "my code did not come" })
      .filter({ hasText: String(member.pid) });
    await expect(inbound).toContainText(`${member.pid} Kondapalli Sravani`);
    await expect(inbound).toContainText("You can answer in WhatsApp until");
    await checkScreen(page, testInfo, "outbox-inbound");
  });

  test("public pages: a template with a live preview and a day's list, seen at /link", async ({ page, request, browser }, testInfo) => {
    test.slow();
    const member = await register(request, testInfo, "F");
    await staffSignIn(page, `/agency/members/${member.pid}`);

    // Only published profiles appear on /link: choose "(Free to Public)".
    const visibility = page.getByRole("region", { name: "Visibility" });
    for (const label of ["(Paid Members Only)", "(Free to Public)", "(Members Only)"]) await expect(visibility.getByText(label, { exact: true })).toBeVisible();
    await visibility.getByRole("radio", { name: /\(Free to Public\)/ }).check();
    await visibility.getByRole("button", { name: "Save visibility" }).click();
    await expect(visibility.getByText("Visibility saved.")).toBeVisible();

    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Public pages" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Public pages" })).toBeVisible();

    // A new template: an empty name is refused, the preview follows the typing.
    const name = `E2E ${testInfo.project.name} ${Date.now()}`;
    await page.getByRole("button", { name: "+ New template" }).click();
    const editor = page.getByRole("form", { name: "New template" });
    await editor.getByRole("button", { name: "Save template" }).click();
    await expect(editor.getByText("Name Required *")).toBeVisible();
    await editor.getByLabel("Template name").fill(name);
    await editor.getByLabel("Message 1", { exact: true }).fill("*Wedding season offer*\n_Call us today_ ~old price~");
    const preview = editor.getByLabel("Preview");
    await expect(preview.locator("strong")).toHaveText("Wedding season offer");
    await expect(preview.locator("em")).toHaveText("Call us today");
    await expect(preview.locator("s")).toHaveText("old price");
    await expect(preview.locator("br")).toHaveCount(1);
    // A second message, moved above the first and removed again: each box shows the text now in its place.
    const first = editor.getByLabel("Message 1", { exact: true });
    const offer = await first.inputValue();
    await editor.getByRole("button", { name: "Add message" }).click();
    await editor.getByLabel("Message 2", { exact: true }).fill("Second message");
    await editor.getByRole("button", { name: "Move message 2 up" }).click();
    await expect(first).toHaveValue("Second message");
    await expect(editor.getByLabel("Message 2", { exact: true })).toHaveValue(offer);
    await expect(editor.getByRole("group", { name: "Preview" }).first()).toHaveText("Second message");
    await editor.getByRole("button", { name: "Remove message 1" }).click();
    await expect(editor.getByLabel("Message 2", { exact: true })).toHaveCount(0);
    await expect(first).toHaveValue(offer);
    await expect(preview.locator("strong")).toHaveText("Wedding season offer");
    await editor.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByText("Template saved.")).toBeVisible();

    // A day's list with that template and the member; a bad Profile ID first.
    const day = testInfo.project.name === "phone" ? "2031-03-03" : "2031-03-04";
    const list = page.getByRole("form", { name: "Public list" });
    await list.getByLabel("Date").fill(day);
    await list.getByRole("radio", { name: /A day/ }).check();
    await list.getByLabel("Template").selectOption({ label: name });
    await list.getByLabel("Profile IDs, in order").fill("abc");
    await list.getByRole("button", { name: "Save list" }).click();
    await expect(list.getByText(/^Profile ID number 1:/)).toBeVisible();
    await list.getByLabel("Profile IDs, in order").fill(String(member.pid));
    await list.getByRole("button", { name: "Save list" }).click();
    const saved = page.getByText("List saved. Share this link:").locator("..");
    await expect(saved.locator("code")).toContainText(`/link?id=${day}`);
    await checkScreen(page, testInfo, "public");

    // A new list for the same day would replace that one: it asks first, naming it, and Cancel keeps it.
    const shownDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" }).format(new Date(`${day}T00:00:00`));
    const row = page.getByRole("listitem").filter({ hasText: `/link?id=${day}` });
    await expect(row).toContainText(name);
    await list.getByRole("button", { name: "New list" }).click();
    await list.getByLabel("Date").fill(day);
    await list.getByLabel("Profile IDs, in order").fill(String(member.pid));
    await list.getByRole("button", { name: "Save list" }).click();
    const replace = page.getByRole("dialog", { name: "Replace the saved list?" });
    await expect(replace).toContainText(`A day list for ${shownDay} already exists (1 profile). Replace it?`);
    await screenshot(page, testInfo, "agency-public-replace", false);
    await replace.getByRole("button", { name: "Cancel" }).click();
    await expect(replace).toHaveCount(0);
    await page.reload();
    await expect(row).toContainText(name);
    // Opened with Edit, the same list saves without the question.
    await row.getByRole("button", { name: /^Edit/ }).click();
    await expect(list.getByLabel("Template")).toHaveValue(/\d+/);
    await list.getByRole("button", { name: "Save list" }).click();
    await expect(page.getByText("List saved. Share this link:")).toBeVisible();
    await expect(replace).toHaveCount(0);
    // A refused save: the earlier success goes, and the refusal is said once, under the profiles.
    await list.getByLabel("Profile IDs, in order").fill("99999999");
    await list.getByRole("button", { name: "Save list" }).click();
    await expect(page.getByText("No active member has the Profile ID 99999999.")).toHaveCount(1);
    await expect(page.getByText("List saved. Share this link:")).toHaveCount(0);

    const visitor = await memberPage(browser, testInfo, member.pid);
    await visitor.goto(`/link?id=${day}`);
    await expect(visitor.locator("strong").filter({ hasText: "Wedding season offer" })).toBeVisible();
    await expect(visitor.getByText("(Free to Public)").first()).toBeVisible();
    await expect(visitor.locator("main")).toContainText("Sravani");
    await visitor.context().close();
  });

  test("owners add staff, who sign in without owners' screens; deactivating ends their session", async ({ page, browser, context }, testInfo) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await staffSignIn(page, "/agency/staff");
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Console" });
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveAttribute("aria-current", "page");

    // The shared schema's messages under the fields, then the server's for a taken username.
    const form = page.getByRole("form", { name: "Add an account" });
    await form.getByLabel("Username").fill("a b");
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(form.getByText("A username has 3 to 60 letters, digits, dots, dashes or underscores")).toBeVisible();
    await expect(form.getByText("Name Required *")).toBeVisible();
    await form.getByLabel("Username").fill(owner.username);
    await form.getByLabel("Full name").fill("Someone Else");
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(form.getByText("This username is taken. Choose another.")).toBeVisible();

    // Both projects share one server: a username of this project and run.
    const username = `e2e.${testInfo.project.name}.${Date.now().toString(36)}`;
    const name = `Lakshmi ${testInfo.project.name === "phone" ? "Phone" : "Desk"}`;
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Full name").fill(name);
    await expect(form.getByLabel("Role")).toHaveValue("staff");
    await form.getByRole("button", { name: "Add account" }).click();

    // The password, once, with a Copy button and the warning.
    const notice = page.getByRole("region", { name: `Account added: ${username}` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("This password will not be shown again.");
    const password = await notice.locator("code").innerText();
    expect(password).toMatch(/^\S{6,}$/);
    await notice.getByRole("button", { name: `Copy the password of ${username}` }).click();
    await expect(notice.getByRole("button", { name: `Copy the password of ${username}` })).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await expect(form.getByLabel("Username")).toHaveValue("");

    // The list: the new account, and the owner's own without actions on it.
    const accounts = page.getByRole("region", { name: "Accounts" });
    const row = accounts.locator("tr, li").filter({ visible: true }).filter({ hasText: username });
    await expect(row).toContainText(name);
    await expect(row).toContainText("Staff");
    await expect(row).toContainText("Active");
    const ownRow = accounts.locator("tr, li").filter({ visible: true }).filter({ hasText: owner.name });
    await expect(ownRow).toContainText("Your account");
    await expect(ownRow.getByRole("button")).toHaveCount(0);
    await checkScreen(page, testInfo, "staff");

    // The new staff member signs in on a desk of their own: no owners' screens.
    const staffPage = await pageOfItsOwn(browser, testInfo, STAFF_ADDRESS);
    await staffSignIn(staffPage, "/agency", { username, password });
    await expect(staffPage).toHaveURL(/\/agency\/members$/);
    await expect(staffPage.getByRole("banner")).toContainText(`${name} · Staff`);
    const staffNav = staffPage.getByRole("navigation", { name: "Console" });
    await expect(staffNav.getByRole("link", { name: "Members" })).toBeVisible();
    await expect(staffNav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await expect(staffNav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await staffPage.goto("/agency/staff");
    await expect(staffPage.getByText("Only the agency's owners can manage staff accounts.")).toBeVisible();
    await staffPage.goto("/agency/audit");
    await expect(staffPage.getByText("Only the agency's owners can see the audit log.")).toBeVisible();
    await checkScreen(staffPage, testInfo, "staff-refused");

    // The owner deactivates the account (asked first): the staff member's next action returns to the sign-in.
    await row.getByRole("button", { name: `Deactivate ${username}` }).click();
    const confirm = page.getByRole("dialog", { name: "Deactivate this account?" });
    await expect(confirm).toContainText(`${name} (${username})`);
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await expect(row).toContainText("Deactivated");
    await expect(row.getByRole("button", { name: `Reactivate ${username}` })).toBeVisible();
    await staffNav.getByRole("link", { name: "Members" }).click();
    await expect(staffPage.getByRole("heading", { level: 1, name: "Agency console" })).toBeVisible();
    await expect(staffPage).toHaveURL(/\/agency\?next=%2Fagency%2Fmembers$/);
    expect(await staffPage.evaluate(() => localStorage.getItem("agencyToken"))).toBeNull();

    // Reactivated with a new password: shown once, and the old one no longer signs in.
    await row.getByRole("button", { name: `Reactivate ${username}` }).click();
    await page.getByRole("dialog", { name: "Reactivate this account?" }).getByRole("button", { name: "Reactivate" }).click();
    await row.getByRole("button", { name: `New password for ${username}` }).click();
    await page.getByRole("dialog", { name: "Make a new password?" }).getByRole("button", { name: "Make new password" }).click();
    const renewed = page.getByRole("region", { name: `New password for ${username}` });
    await expect(renewed).toContainText("This password will not be shown again.");
    const newPassword = await renewed.locator("code").innerText();
    expect(newPassword).not.toBe(password);
    await staffPage.getByLabel("Username").fill(username);
    await staffPage.getByLabel("Password", { exact: true }).fill(password);
    await staffPage.getByRole("button", { name: "Sign in" }).click();
    await expect(staffPage.getByRole("alert")).toBeVisible();
    await staffSignIn(staffPage, "/agency", { username, password: newPassword });
    await renewed.getByRole("button", { name: "Done, I have passed it on" }).click();
    await expect(renewed).toHaveCount(0);

    // The staff member then chooses a password of their own, proving the one they were given.
    await staffPage.getByRole("banner").getByRole("link", { name: "Account" }).click();
    const own = staffPage.getByRole("form", { name: "Change your password" });
    await own.getByLabel(/^Current password/).fill("not-it-at-all");
    await own.getByLabel(/^New password/).fill("short");
    await own.getByRole("button", { name: "Change password" }).click();
    await expect(own.getByText("A password has at least 8 characters")).toBeVisible();
    const chosen = `mango tree ${testInfo.project.name}`;
    await own.getByLabel(/^New password/).fill(chosen);
    await own.getByRole("button", { name: "Change password" }).click();
    await expect(own.getByText("This is not your current password.")).toBeVisible();
    await own.getByLabel(/^Current password/).fill(newPassword);
    await own.getByRole("button", { name: "Change password" }).click();
    await expect(own.getByRole("status")).toContainText("Your password is changed.");
    await expect(own.getByLabel(/^Current password/)).toHaveValue("");
    await checkScreen(staffPage, testInfo, "own-password");
    await staffPage.getByRole("button", { name: "Sign out" }).click();
    await staffSignIn(staffPage, "/agency", { username, password: chosen });
    await staffPage.context().close();
  });
});
