import { AxeBuilder } from "@axe-core/playwright";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import type { AdminPublicList } from "#shared/admin-types.ts";
import { en } from "#shared/i18n/en.ts";
import { te } from "#shared/i18n/te.ts";
import { DAY_TEMPLATE_ID } from "#scripts/demo/generate-public-lists.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { expectNoHorizontalOverflow, field, registerThroughApi, screenshot } from "./support/members.ts";
import { chooseTelugu, expectAllTelugu, untranslatedTexts } from "./support/telugu.ts";

// The screens a visitor and a new member see first, in Telugu (ADR 0040):
// the login (prerendered, so its first paint is Telugu too), the password
// pages, registration, the public page /link and the link pages; the
// language switch remembered on the device; and a first visit that follows
// the browser's language.

const expect = baseExpect.configure({ timeout: 15_000 });

/** axe, every impact, with <html lang="te"> set. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** The screen in Telugu, laid out within the phone's width, accessible, and photographed as te-<name>. */
async function checkTeluguScreen(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string): Promise<void> {
  await expectAllTelugu(page);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, `te-${name}`);
}

/** The options of the registration's fixed choices (gender and marriage), as the page has them. */
async function fixedChoices(page: Page): Promise<{ gender: string[]; marriage: string[] }> {
  return {
    gender: await field(page, te["registration.gender"]).locator("option").allTextContents(),
    marriage: await field(page, te["registration.marriage"]).locator("option").allTextContents(),
  };
}

const TELUGU_CHOICES = {
  gender: [te["common.select"], te["common.bride"], te["common.groom"]],
  marriage: [te["common.select"], te["common.first"], te["common.second"]],
};

/** React's complaints in the console: a prerendered page that does not match what the SPA renders says so here. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|Minified React error #418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("Telugu: the first screens", () => {
  test("the prerendered login paints in Telugu before any script, hydrates without a mismatch, and signs in", async ({ page, context, request, browser }, testInfo) => {
    const member = await registerThroughApi(request, testInfo, "F");
    await chooseTelugu(context);

    // First paint: the page as the Worker sends it, before the SPA runs.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    await chooseTelugu(bare);
    const painted = await bare.newPage();
    await painted.goto("/login");
    await expect(painted.locator("html")).toHaveAttribute("lang", "te");
    await expect(painted.getByRole("heading", { level: 1, name: te["login.heading"] })).toBeVisible();
    await expect(painted.getByText(te["login.whatsappNote"])).toBeVisible();
    await expect(painted).toHaveTitle(new RegExp(`^${te["title.login"]} \\| `));
    await bare.close();

    const errors = hydrationErrors(page);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: te["login.heading"] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${te["title.login"]}`));
    await checkTeluguScreen(page, testInfo, "login");

    await page.getByLabel(te["signIn.profileId"]).fill(String(member.pid));
    await page.getByLabel(te["signIn.password"], { exact: true }).fill(member.password);
    await page.getByRole("button", { name: te["login.submit"], exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    expect(errors).toEqual([]);
  });

  test("a wrong password is told in Telugu", async ({ page, context }, testInfo) => {
    await chooseTelugu(context);
    await page.goto("/login");
    await page.getByLabel(te["signIn.profileId"]).fill(testInfo.project.name === "phone" ? "999991" : "999992");
    await page.getByLabel(te["signIn.password"], { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: te["login.submit"], exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await checkTeluguScreen(page, testInfo, "login-failed");
  });

  test("forgot password and set password read in Telugu", async ({ page, context }, testInfo) => {
    await chooseTelugu(context);
    await page.goto("/forgot_password");
    await expect(page.getByRole("heading", { level: 1, name: te["forgot.heading"] })).toBeVisible();
    await checkTeluguScreen(page, testInfo, "forgot-password");
    await page.goto("/set_password?pid=10001");
    await expect(page.getByRole("heading", { level: 1, name: te["setPassword.heading"] })).toBeVisible();
    await expect(page.getByText(te["setPassword.introFor"].replace("{pid}", "10001"))).toBeVisible();
    await checkTeluguScreen(page, testInfo, "set-password");
  });

  test("the registration form reads in Telugu, first paint included", async ({ page, context, browser }, testInfo) => {
    await chooseTelugu(context);
    const bare = await browser.newContext({ javaScriptEnabled: false });
    await chooseTelugu(bare);
    const painted = await bare.newPage();
    await painted.goto("/new_registration");
    await expect(painted.getByRole("heading", { level: 1, name: te["registration.heading"] })).toBeVisible();
    // A select's options are no visible text until it opens (expectAllTelugu does not see them): read them.
    expect(await fixedChoices(painted)).toEqual(TELUGU_CHOICES);
    await bare.close();

    const errors = hydrationErrors(page);
    await page.goto("/new_registration");
    await expect(page.getByRole("heading", { level: 2, name: te["registration.birth"] })).toBeVisible();
    expect(await fixedChoices(page)).toEqual(TELUGU_CHOICES);
    await page.getByRole("button", { name: te["registration.submit"] }).click();
    await expect(page.getByText(te["registration.requiredFields"], { exact: true })).toBeVisible();
    await checkTeluguScreen(page, testInfo, "registration");
    expect(errors).toEqual([]);
  });

  test("a form's messages follow a switch of language made after they appeared, and what was typed stays", async ({ page }, testInfo) => {
    await page.goto("/new_registration");
    await expect(page.getByTestId("language-switch")).toBeEnabled();
    await field(page, en["registration.name"]).fill("Ravi1");
    await page.getByRole("button", { name: en["registration.submit"] }).click();
    await expect(page.getByText(en["validation.genderRequired"], { exact: true })).toBeVisible();
    await expect(page.getByText(en["validation.nameCharacters"], { exact: true })).toBeVisible();

    await page.getByTestId("language-switch").click();
    await expect(page.getByText(te["validation.genderRequired"], { exact: true })).toBeVisible();
    await expect(page.getByText(te["validation.nameCharacters"], { exact: true })).toBeVisible();
    await expect(field(page, te["registration.name"])).toHaveValue("Ravi1");
    await checkTeluguScreen(page, testInfo, "registration-switched");
  });

  test("the birth date and time speak Telugu: the calendar's weekdays, the formats as the hints say them, a date that does not exist", async ({ page, context }, testInfo) => {
    await chooseTelugu(context);
    await page.goto("/new_registration");
    await expect(page.locator(".date-picker-wrapper")).toHaveCount(2);
    const dob = field(page, te["registration.dob"]);
    const tob = field(page, te["registration.tob"]);

    // The calendar: Telugu month names (Intl) and Telugu weekdays (date-fns' te), named in Telugu.
    await dob.click();
    const calendar = page.getByRole("dialog", { name: te["common.chooseDate"] });
    await expect(calendar).toBeVisible();
    const weekdays = await calendar.locator(".react-datepicker__day-name [aria-hidden='true']").allTextContents();
    expect(weekdays).toHaveLength(7);
    for (const weekday of weekdays) expect(weekday).toMatch(/^[\u0C00-\u0C7F]+$/);
    await expect(calendar.getByRole("columnheader", { name: "ఆదివారం" })).toBeAttached();
    expect((await calendar.getByRole("gridcell").first().getAttribute("aria-label")) ?? "").toMatch(/^[\u0C00-\u0C7F]/);
    await screenshot(page, testInfo, "te-date-picker", false);

    // Typed, with the messages in Telugu: the format as the field's hint says it, and a date that does not exist.
    await dob.fill("1994-08-15");
    await tob.fill("25:00");
    await page.getByRole("button", { name: te["registration.submit"] }).click();
    await expect(page.getByText(te["validation.dobFormat"], { exact: true })).toBeVisible();
    await expect(page.getByText(te["validation.tobFormat"], { exact: true })).toBeVisible();
    expect(te["validation.dobFormat"]).toContain(te["common.datePlaceholder"]);
    await dob.fill("31/02/1994");
    await page.getByRole("button", { name: te["registration.submit"] }).click();
    await expect(page.getByText(te["validation.dobNoSuchDay"], { exact: true })).toBeVisible();
    await expect(page.getByText(te["validation.dobFormat"], { exact: true })).toHaveCount(0);
    await page.getByRole("region", { name: te["registration.birth"] }).scrollIntoViewIfNeeded();
    await expectAllTelugu(page);
    await screenshot(page, testInfo, "te-birth-messages", false);
  });

  test("/link shows the published profiles in Telugu", async ({ page, context }, testInfo) => {
    const staff = await ownerSession();
    const lists = (await (await staff.request.get("/api/admin/public_lists", { headers: staffHeaders(staff) })).json()) as { data: AdminPublicList[] };
    const list = lists.data.find((candidate) => !candidate.week && candidate.templateId === DAY_TEMPLATE_ID);
    if (!list) throw new Error("The seeder published no day list");
    await chooseTelugu(context);
    await page.goto(`/link?id=${list.date}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(te["public.headingDay"].replace(/<\/?0>|\{date\}/g, "").trim());
    await expect(page.locator("article").first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${te["title.publicProfiles"]}`));
    await checkTeluguScreen(page, testInfo, "link");
  });

  test("a link that is no longer valid says so in Telugu", async ({ page, context }, testInfo) => {
    await chooseTelugu(context);
    await page.goto("/whatsapp_link?link=not-a-link");
    await expect(page.getByRole("heading", { level: 1, name: te["autoLogin.invalidHeading"] })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(te["server.invalidLink"]);
    await checkTeluguScreen(page, testInfo, "link-invalid");
  });

  test("a link's page shows its sign-in in Telugu from its HTML, then the answer", async ({ page, context }, testInfo) => {
    await chooseTelugu(context);
    // A link that decodes, which the server refuses: while its answer is held, the page is as its HTML drew it (ADR 0042).
    const link = Buffer.from(JSON.stringify({ pid: 10001, pin: "wrong" })).toString("base64");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/users/link_sign_in", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/profile_link?link=${encodeURIComponent(link)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    const waiting = page.getByRole("status");
    await expect(waiting).toContainText(te["autoLogin.signingIn"]);
    await expect(waiting).toContainText(te["autoLogin.waitShort"]);
    await expect(page).toHaveTitle(new RegExp(`^${te["title.signingIn"]}`));
    // Its title and every text are Telugu before any of the application has run.
    expect(await untranslatedTexts(page), "texts not in the Telugu catalogue").toEqual([]);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, "te-link-signing-in");

    release();
    await expect(page.getByRole("heading", { level: 1, name: te["autoLogin.invalidHeading"] })).toBeVisible();
    await expect(page.getByRole("alert")).toBeVisible();
  });

  test("the switch is remembered on the device across a reload", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.locator(`[data-testid="language-switch"]:visible`).click();
    await expect(page.getByRole("heading", { level: 1, name: te["login.heading"] })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    await expect(page.getByRole("heading", { level: 1, name: te["login.heading"] })).toBeVisible();
    await page.locator(`[data-testid="language-switch"]:visible`).click();
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });

  test("a first visit follows the browser's language", async ({ browser }) => {
    const telugu = await browser.newContext({ locale: "te-IN" });
    const page = await telugu.newPage();
    const errors = hydrationErrors(page);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    await expect(page.getByRole("heading", { level: 1, name: te["login.heading"] })).toBeVisible();
    expect(errors).toEqual([]);
    await telugu.close();

    const english = await browser.newContext({ locale: "en-IN" });
    const other = await english.newPage();
    await other.goto("/login");
    await expect(other.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await english.close();
  });
});
