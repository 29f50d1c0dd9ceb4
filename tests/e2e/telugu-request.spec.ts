import { AxeBuilder } from "@axe-core/playwright";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { te } from "#shared/i18n/te.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { requestQuery } from "./support/interest-helpers.ts";
import { registerThroughApi, screenshot } from "./support/members.ts";
import { agencyContact, expectNoHorizontalOverflow, memberAddress } from "./support/search-helpers.ts";
import { chooseTelugu, expectAllTelugu } from "./support/telugu.ts";

// The WhatsApp request flow in Telugu (ADR 0040, issue 16): /request, the
// link a family taps in WhatsApp to ask for a profile's phone number, and
// /whatsapp_profile, where it lands. Both members are registered by the test
// (a FREE bride, and a groom nobody else asks about whose preview the agency
// publishes), so nothing another test reads changes.

// Two registrations before the screens open take tens of seconds on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** The agency lets the profile's preview show to strangers (ADR 0017): the request page then shows its teaser. */
async function publish(pid: number): Promise<void> {
  const owner = await ownerSession();
  const response = await owner.request.put(`/api/admin/members/${pid}/visibility`, { data: { showPhoto: 1, publicProfile: "PUBLIC" }, headers: staffHeaders(owner) });
  expect(response.status(), await response.text()).toBe(200);
}

/** axe with <html lang="te">: no violation of any impact. */
async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Telugu runs longer than English: every visible button keeps its whole label (it wraps, it is not cut). */
async function expectNoClippedButtons(page: Page): Promise<void> {
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll("button, a.btn-primary, a.btn-outline"))
      .filter((element) => element.checkVisibility() && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1))
      .map((element) => element.textContent?.trim() ?? ""),
  );
  expect(clipped, "buttons whose label does not fit").toEqual([]);
}

/** The screen in Telugu, within the phone's width, accessible, its buttons whole, and photographed as te-<name>. */
async function checkTeluguScreen(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string, fullPage = true): Promise<void> {
  await expectAllTelugu(page);
  await expectNoHorizontalOverflow(page);
  await expectNoClippedButtons(page);
  await expectNoViolations(page);
  await screenshot(page, testInfo, `te-${name}`, fullPage);
}

test.describe("the WhatsApp request flow in Telugu", () => {
  test("a link that cannot be read says so in Telugu", async ({ page, context }, testInfo) => {
    await chooseTelugu(context);
    await page.goto("/request");
    await expect(page.getByRole("heading", { level: 1, name: te["phoneRequest.title"] })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(te["phoneRequest.invalidLink"]);
    await expect(page.getByRole("link", { name: te["phoneRequest.goToSearch"] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${te["phoneRequest.title"]}`));
    await checkTeluguScreen(page, testInfo, "request-invalid");
  });

  test("/request signs a family in and sends the request, and /whatsapp_profile shows the profile, all in Telugu", async ({ page, context, request }, testInfo) => {
    const bride = await registerThroughApi(request, testInfo, "F");
    // Published by the agency, and listed with his consent: what a link preview may show (ADR 0017).
    const groom = await registerThroughApi(request, testInfo, "M", { publicList: true });
    await publish(groom.pid);
    await chooseTelugu(context);
    await page.setExtraHTTPHeaders(memberAddress(bride.pid));
    await page.goto(`/request?q=${requestQuery(groom.pid)}`);

    // Signed out: who the link names, what signing in does, and the form.
    const { phone } = await agencyContact(page);
    await expect(page.getByRole("heading", { level: 1, name: te["phoneRequest.title"] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${te["phoneRequest.title"]}`));
    const teaser = page.getByRole("figure", { name: fill(te["phoneRequest.teaserLabel"], { pid: groom.pid }) });
    await expect(teaser).toContainText(te["phoneRequest.teaserStar"]);
    // The height by the list's Telugu name, as the cards show it ("5 అడుగుల 3 అంగుళాలు"), not "5 ft 3 in - 160 cm".
    await expect(teaser).toContainText("అడుగుల");
    await expect(teaser.locator("img")).toHaveAttribute("src", `/og/profile/${groom.pid}.jpg`);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const submit = page.getByRole("button", { name: te["phoneRequest.submit"] });
    const profileId = page.getByRole("textbox", { name: te["signIn.profileId"], exact: true });
    const password = page.getByLabel(te["signIn.password"], { exact: true });
    await expect(submit).toBeVisible();
    await checkTeluguScreen(page, testInfo, "request");

    // Empty fields are refused in Telugu, beside each field.
    await submit.click();
    await expect(profileId).toHaveAttribute("aria-invalid", "true");
    await expectAllTelugu(page);

    // A sign-in that gets no answer: the failure in Telugu, and the button says it failed.
    await page.route("**/api/users/sign_in", (route) => route.abort());
    await profileId.fill(String(bride.pid));
    await password.fill(bride.password);
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(fill(te["phoneRequest.signInFailed"], { phone }));
    await expect(page.getByRole("button", { name: te["phoneRequest.failed"] })).toBeVisible();
    await checkTeluguScreen(page, testInfo, "request-sign-in-failed");
    await page.unroute("**/api/users/sign_in");

    // Signing in sends the request and lands on the profile's WhatsApp page.
    await password.fill(bride.password);
    await page.getByRole("button", { name: te["phoneRequest.submit"] }).click();
    await expect(page).toHaveURL(new RegExp(`/whatsapp_profile\\?pid=${groom.pid}$`));
    await expect(page.getByRole("heading", { level: 1, name: te["whatsappProfile.title"] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${te["whatsappProfile.title"]}`));
    await expect(page.getByRole("status").filter({ hasText: te["whatsappProfile.requestSent"] })).toBeVisible();
    await expect(page.locator(`article[data-pid="${groom.pid}"]`).first()).toBeVisible();
    // A FREE member also sees what the paid service offers, below.
    await expect(page.getByRole("heading", { level: 2, name: te["whatsappProfile.sent.title"] })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: te["whatsappProfile.premium.title"] })).toBeVisible();
    await expect(page.getByText(te["whatsappProfile.loadingProfiles"])).toHaveCount(0);
    await checkTeluguScreen(page, testInfo, "whatsapp-profile");

    // The profile's button explains the paid service, in Telugu.
    await page.locator(`article[data-pid="${groom.pid}"]`).first().getByRole("button", { name: te["card.mainPaidService"] }).click();
    const dialog = page.getByRole("dialog", { name: te["whatsappProfile.paidService"] });
    await expect(dialog).toBeVisible();
    await checkTeluguScreen(page, testInfo, "whatsapp-profile-paid-service", false);
    await dialog.getByRole("button", { name: te["whatsappProfile.ok"] }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The same link again, signed in now: the request stands, and the page says so in Telugu.
    await page.goto(`/request?q=${requestQuery(groom.pid)}`);
    await expect(page).toHaveURL(new RegExp(`/whatsapp_profile\\?pid=${groom.pid}$`));
    await expect(page.getByText(te["whatsappProfile.requestPending"])).toBeVisible();
    await expectAllTelugu(page);
  });
});
