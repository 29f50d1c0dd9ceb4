import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { readFileSync } from "node:fs";
import type { ProfilePage } from "#shared/api-types.ts";
import { MESSAGES } from "#shared/messages.ts";
import { CONSENT_TEXTS } from "#shared/privacy-notice.ts";
import { PRIVACY_NOTICE } from "#shared/privacy-notice-text.ts";
import { STAFF_ADDRESS, ownerSession } from "./support/agency.ts";
import { agencySendsInterest } from "./support/interest-helpers.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, field, jpegFile, registerThroughApi, screenshot, uniqueMobile } from "./support/members.ts";
import { apiGet, memberAddress, openAs, type Session } from "./support/search-helpers.ts";
import { codeSentTo } from "./support/whatsapp.ts";
import { chooseTelugu, expectAllTelugu } from "./support/telugu.ts";
import { te } from "#shared/i18n/te.ts";
import { demoOwner } from "#scripts/demo/demo-staff.ts";

// The member's privacy end to end (DPDP Rules 2025; ADR 0033, 0034): the
// notice in English and Telugu, registering with consents, seeing and
// changing them in Edit profile, downloading one's data as a readable file
// and as JSON, deleting the profile with the password, and another member
// seeing "Profile removed" where it was; the console's data requests.

const NOTICE = PRIVACY_NOTICE.en;

/** A browser of its own, as on someone else's phone. */
async function pageOfItsOwn(browser: Browser, testInfo: TestInfo, headers: Record<string, string>): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: String(testInfo.project.use.baseURL) });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders(headers);
  return page;
}

/** Fills the registration form for a groom who does not work (the shortest complete form). */
async function fillRegistration(page: Page, mobile: string): Promise<void> {
  await page.goto("/new_registration");
  // The reference lists arrive after the form (slow on a loaded test machine).
  await expect(field(page, "Star").locator("option")).not.toHaveCount(1, { timeout: 15_000 });
  await field(page, "Gender").selectOption("M");
  await field(page, "Marriage").selectOption("1");
  await field(page, "Name").fill("Surya Teja");
  await field(page, "Surname").fill("Vadlamudi");
  await field(page, "Height").selectOption({ index: 18 });
  await field(page, "Religion").selectOption("1");
  await field(page, "Subcaste").selectOption("1");
  await field(page, "Photo").setInputFiles(jpegFile("privacy-groom.jpg", 360, 480));
  await field(page, "Date of Birth").fill("21/07/1994");
  await field(page, "Time of Birth").fill("4:40 AM");
  await field(page, "Place of Birth").fill("Eluru");
  await field(page, "Star").selectOption("4");
  await field(page, "Padham").selectOption("3");
  await field(page, "Education Details").fill("M.Com, Andhra University");
  await field(page, "Profession Type").selectOption({ label: "Not Working" });
  await field(page, "Father Name").fill("Vadlamudi Rama Rao");
  await field(page, "Father Profession").fill("Farmer");
  await field(page, "Mother Name").fill("Vadlamudi Padmavathi");
  await field(page, "Mother Profession").fill("Home Maker");
  await field(page, "WhatsApp Number").fill(mobile);
  await field(page, "Address").fill("4-12, Main Road, Eluru");
}

/** Saves what a download link gives and returns its name and text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, "utf8") };
}

test.describe("privacy", () => {
  test("the notice reads on its own in English and in Telugu, with the agency's contact", async ({ page }, testInfo) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: NOTICE.title })).toBeVisible();
    const notice = page.getByTestId("privacy-notice");
    for (const id of ["name", "phone", "photo", "whatsapp"] as const) {
      await expect(notice.getByRole("heading", { level: 3, name: NOTICE.items[id].what })).toBeVisible();
    }
    // The contact comes from the Worker's configuration (GET /api/privacy).
    const contact = page.getByTestId("privacy-contact");
    await expect(contact.getByRole("link").first()).toHaveAttribute("href", /^(tel|mailto):/);
    // The periods the agency set are filled in.
    const privacy = (await (await page.request.get("/api/privacy")).json()) as { data: { erasureAfterDays: number; retentionYears: number } };
    await expect(notice).toContainText(`within ${privacy.data.erasureAfterDays} days`);
    await expect(notice).toContainText(`for ${privacy.data.retentionYears} years`);
    // A visitor is told how to ask; the form is for members.
    await expect(page.getByRole("link", { name: "log in" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "privacy-en");

    await page.getByRole("group", { name: "Language / భాష" }).getByRole("button", { name: "తెలుగు" }).click();
    await expect(page).toHaveURL(/\/privacy\?lang=te$/);
    await expect(page.getByRole("heading", { level: 1, name: PRIVACY_NOTICE.te.title })).toBeVisible();
    await expect(page.getByTestId("privacy-notice")).toHaveAttribute("lang", "te");
    await expect(page.getByTestId("privacy-notice")).toContainText(PRIVACY_NOTICE.te.items.astro.what);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "privacy-te");
    await screenshot(page, testInfo, "privacy-te-top", false);

    // Linked from every page's footer.
    await page.goto("/login");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  });

  test("register with consents, change one, download both files, delete the profile; another member sees it removed", async ({ page, request, browser }, testInfo) => {
    test.slow();
    // Another member, who asked about the new groom before he left.
    const bride = await registerThroughApi(request, testInfo, "F");
    const brideLogin = await request.post("/api/users/sign_in", { data: { pid: bride.pid, password: bride.password }, headers: memberAddress(bride.pid) });
    const brideSession: Session = { pid: bride.pid, token: ((await brideLogin.json()) as { data: { token: string } }).data.token, request, headers: memberAddress(bride.pid) };

    // 1. Registration asks for the notice and offers the two consents, unticked.
    const mobile = uniqueMobile(testInfo);
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": testInfo.project.name === "phone" ? "198.51.100.241" : "198.51.100.242" });
    await fillRegistration(page, mobile);
    const acknowledgement = page.getByRole("checkbox", { name: "I have read the privacy notice and agree to it" });
    const publicList = page.getByRole("checkbox", { name: new RegExp(CONSENT_TEXTS.en.publicList.label) });
    const promotions = page.getByRole("checkbox", { name: new RegExp(CONSENT_TEXTS.en.promotions.label) });
    await expect(acknowledgement).not.toBeChecked();
    await expect(publicList).not.toBeChecked();
    await expect(promotions).not.toBeChecked();
    // The notice opens in a new tab: nothing typed here is lost.
    await expect(page.getByRole("link", { name: "Read the privacy notice" })).toHaveAttribute("target", "_blank");
    // Without the acknowledgement nothing is sent.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please read the privacy notice and agree to it", { exact: true })).toBeVisible();
    await expect(field(page, "Name")).toHaveValue("Surya Teja");
    await acknowledgement.check();
    await publicList.check();
    // The required-fields banner of the first Submit has gone (5 s) before the picture.
    await expect(page.getByText(MESSAGES.requiredFieldsBanner, { exact: true })).toBeHidden({ timeout: 7000 });
    await page.getByRole("region", { name: "Privacy" }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await page.getByRole("region", { name: "Privacy" }).screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-privacy-registration-consents.png` });

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/registered\?pid=\d+$/);
    const pid = Number(await page.getByTestId("registered-pid").textContent());
    await field(page, "Code from WhatsApp").fill(await codeSentTo(mobile));
    await field(page, "New password").fill("Surya-1994");
    await field(page, "New password again").fill("Surya-1994");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page).toHaveURL(/\/search$/);

    // 2. Edit profile shows the consents as recorded, and one tap changes one.
    await page.goto("/edit_profile");
    const consents = page.getByRole("region", { name: "Privacy and consents" });
    // The profile, then the consents, load first (slow on a loaded test machine).
    await expect(consents.getByTestId("consent-publicList")).toContainText("Given since", { timeout: 15_000 });
    await expect(consents.getByTestId("consent-promotions")).toContainText("Not given");
    await expect(consents).toContainText("You agreed to the privacy notice of");
    await consents.getByRole("button", { name: `Give: ${CONSENT_TEXTS.en.promotions.label}` }).click();
    await expect(consents.getByTestId("consent-promotions")).toContainText("Given since");
    await consents.getByRole("button", { name: `Withdraw: ${CONSENT_TEXTS.en.publicList.label}` }).click();
    await expect(consents.getByTestId("consent-publicList")).toContainText("Not given since");
    await expectNoHorizontalOverflow(page);
    await consents.screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-privacy-edit-consents.png` });

    // The bride asks about him; the agency sends it the way a member would.
    await agencySendsInterest(await ownerSession(), bride.pid, pid);
    const newest = async () => ((await apiGet<ProfilePage>(brideSession, "/api/Simple_Search_Profiles?page=1&order=new")).data?.profiles ?? []).map((card) => card.pid);
    expect(await newest()).toContain(pid);

    // 3. Download my data, from the member's menu: a readable file and JSON.
    if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Download my data" }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/my_data$/);
    const html = await download(page, "Download HTML");
    expect(html.name).toBe(`my-data-${pid}.html`);
    expect(html.text).toContain("Surya Teja");
    expect(html.text).toContain(String(pid));
    expect(html.text.toLowerCase()).toContain('<meta charset="utf-8">');
    expect(html.text.toLowerCase()).not.toContain("<script");
    const json = await download(page, "Download JSON");
    expect(json.name).toBe(`my-data-${pid}.json`);
    const exported = JSON.parse(json.text) as { pid: number; sections: { id: string; rows: Record<string, unknown>[] }[] };
    expect(exported.pid).toBe(pid);
    expect(JSON.stringify(exported)).toContain("Surya Teja");
    expect(JSON.stringify(exported)).toContain(String(bride.pid));
    await expect(page.getByText("Your file is saved.")).toBeVisible();
    await screenshot(page, testInfo, "privacy-my-data", false);

    // 4. Delete my profile, with the password.
    await page.goto("/delete_profile");
    await expect(page.getByRole("heading", { level: 1, name: "Delete my profile" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Profile removed");
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "privacy-delete");
    await field(page, "Password").fill("not-my-password");
    await page.getByRole("button", { name: "Delete my profile" }).click();
    await page.getByRole("dialog", { name: "Delete your profile?" }).getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByTestId("delete-problem")).not.toBeEmpty();
    await expect(page).toHaveURL(/\/delete_profile$/);
    // Switched to the code, the message about the password goes; back to the password, it stays gone.
    await page.getByText("With a WhatsApp code").click();
    await expect(page.getByRole("button", { name: "Send me a code on WhatsApp" })).toBeVisible();
    await expect(page.getByTestId("delete-problem")).toBeEmpty();
    await page.getByText("With my password").click();
    await expect(page.getByTestId("delete-problem")).toBeEmpty();
    await field(page, "Password").fill("Surya-1994");
    await page.getByRole("button", { name: "Delete my profile" }).click();
    await page.getByRole("dialog", { name: "Delete your profile?" }).getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page).toHaveURL(/\/profile_deleted\?on=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your profile is deleted" })).toBeVisible();
    await expect(page.getByTestId("erased-on")).toContainText(/erased for good by \d{1,2} \w+ \d{4}/);
    // Signed out here, and the old session no longer works.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await screenshot(page, testInfo, "privacy-deleted", false);

    // 5. Gone for the other member: not in her search, "Profile removed" in her list.
    expect(await newest()).not.toContain(pid);
    const bridePage = await pageOfItsOwn(browser, testInfo, memberAddress(bride.pid));
    await openAs(bridePage, brideSession, "/viewed_profiles");
    const removed = bridePage.getByTestId("removed-profile");
    await expect(removed).toContainText("Profile removed");
    await expect(removed).toContainText(`Profile ID ${pid}`);
    await expect(removed.getByRole("button")).toHaveCount(0);
    await expect(bridePage.getByRole("main")).not.toContainText("Surya");
    await expectNoHorizontalOverflow(bridePage);
    await removed.screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-privacy-removed-card.png` });
    await screenshot(bridePage, testInfo, "privacy-removed-list");
    await bridePage.context().close();
  });

  test("in Telugu, downloading one's data and deleting the profile read Telugu on a phone and a computer", async ({ page, request }, testInfo) => {
    // Issue 16: the family chose తెలుగు on this phone before signing in.
    const member = await registerThroughApi(request, testInfo, "M");
    await chooseTelugu(page.context());
    await page.goto("/login");
    await page.getByLabel(te["signIn.profileId"]).fill(String(member.pid));
    await page.getByLabel(te["signIn.password"], { exact: true }).fill(member.password);
    await page.getByRole("button", { name: te["login.submit"] }).click();
    await expect(page).toHaveURL(/\/search$/);

    await page.goto("/my_data");
    await expect(page.getByRole("heading", { level: 1, name: te["nav.myData"] })).toBeVisible();
    await expect(page.getByRole("button", { name: /JSON/ })).toBeEnabled();
    await expectAllTelugu(page);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-my-data");

    await page.goto("/delete_profile");
    await expect(page.getByRole("heading", { level: 1, name: te["nav.deleteProfile"] })).toBeVisible();
    // The erasure period is filled in once the agency's settings arrive.
    await expect(page.getByRole("listitem").filter({ hasText: /\d+ రోజుల్లోగా/ })).toBeVisible();
    // The code way too, and the check before anything is sent.
    await page.getByText(te["privacy.withCode"]).click();
    await expect(page.getByRole("button", { name: te["privacy.sendCode"] })).toBeVisible();
    await page.getByRole("button", { name: te["nav.deleteProfile"] }).click();
    await expect(page.getByTestId("delete-problem")).toContainText(te["privacy.typeCode"]);
    // Once a code is sent, another is offered only after the minute the server waits between codes.
    await page.getByRole("button", { name: te["privacy.sendCode"] }).click();
    const countdown = new RegExp(`^${te["code.resendIn"].replace(/[()]/g, "\\$&").replace("{seconds}", "\\d+")}$`);
    await expect(page.getByRole("button", { name: countdown })).toBeDisabled();
    await expectAllTelugu(page);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-delete-profile");
  });

  test("the console lists data requests by due date, records one from a call and closes it; the access log shows a record opened", async ({ page }, testInfo) => {
    test.slow();
    const owner = demoOwner();
    await page.setExtraHTTPHeaders(STAFF_ADDRESS);
    await page.goto("/agency/data_requests");
    await page.getByLabel("Username").fill(owner.username);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Data requests" })).toBeVisible();

    // A grievance that came by phone two months ago is late by now: red, first.
    const details = `Called on ${testInfo.project.name}: my photo shows after I withdrew.`;
    const received = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole("button", { name: "Record a request" }).click();
    await field(page, "Request").selectOption("grievance");
    await field(page, "Received on").fill(received);
    await field(page, "What the member asked").fill(details);
    await page.getByRole("button", { name: "Record request" }).click();
    await expect(page.getByText(/Request No\. \d+ recorded; its answer is due/)).toBeVisible();
    const item = page.getByTestId("data-request").filter({ hasText: details });
    await expect(item).toContainText("Overdue: was due");
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "privacy-console-requests");

    await item.getByLabel("What was done").fill("Photo re-blurred; member told by phone.");
    await item.getByRole("button", { name: "Close request" }).click();
    await expect(page.getByTestId("data-request").filter({ hasText: details })).toHaveCount(0);
    await page.getByRole("link", { name: "Closed" }).click();
    await expect(page.getByTestId("data-request").filter({ hasText: details })).toContainText("Photo re-blurred");

    // Opening a member's record is in the access log, which owners filter by Profile ID.
    await page.goto("/agency/members/10001");
    await expect(page.getByRole("heading", { level: 2, name: "Delete profile on the member's request" })).toBeVisible();
    await page.goto("/agency/access_log?pid=10001");
    await expect(page.getByRole("heading", { level: 1, name: "Access log" })).toBeVisible();
    await expect(page.getByTestId("access-entry").first()).toContainText("Opened the member's record");
    await expect(page.getByTestId("access-entry").first()).toContainText("Profile ID 10001");
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "privacy-console-access-log", false);
  });
});
