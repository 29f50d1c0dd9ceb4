import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import type { CurrentUser, SignInResult } from "#shared/api-types.ts";
import { en } from "#shared/i18n/en.ts";
import type { Language } from "#shared/i18n/language.ts";
import { te } from "#shared/i18n/te.ts";
import { registerThroughApi } from "./support/members.ts";
import { memberAddress } from "./support/search-helpers.ts";
import { expectAllTelugu } from "./support/telugu.ts";

// The language switch, used while signed in, is kept on the member's profile
// (ADR 0040): another device that has not chosen a language follows the
// profile once the member signs in there, whatever its browser prefers. Each
// test registers a member of its own: the demo members' languages are read by
// other tests.

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The language the member's profile holds, as the API tells the member. */
async function profileLanguage(request: APIRequestContext, member: { pid: number; password: string }): Promise<Language> {
  const headers = memberAddress(member.pid);
  const signedIn = await request.post("/api/users/sign_in", { data: { pid: member.pid, password: member.password }, headers });
  expect(signedIn.status()).toBe(200);
  const { token } = ((await signedIn.json()) as { data: SignInResult }).data;
  const current = await request.get("/api/users/current", { headers: { ...headers, Authorization: `Bearer ${token}` } });
  return ((await current.json()) as { data: CurrentUser }).data.language;
}

/** A new device: no `lang` cookie, its browser reading `locale`. */
async function newDevice(browser: Browser, locale: string, pid: number): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders(memberAddress(pid));
  return page;
}

/** Signs in through /login as it reads in `language`; signing in and following the profile's language take seconds on a loaded machine. */
async function signIn(page: Page, member: { pid: number; password: string }, language: Language = "en"): Promise<void> {
  const texts = language === "te" ? te : en;
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: texts["login.heading"] })).toBeVisible();
  await page.getByRole("textbox", { name: texts["signIn.profileId"], exact: true }).fill(String(member.pid));
  await page.getByLabel(texts["signIn.password"], { exact: true }).fill(member.password);
  await page.getByRole("button", { name: texts["login.submit"], exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
}

function languageSwitch(page: Page) {
  return page.locator('[data-testid="language-switch"]:visible');
}

/** Taps the switch and waits for the profile to be told. */
async function switchLanguage(page: Page): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().endsWith("/api/users/language") && response.request().method() === "PUT");
  await languageSwitch(page).click();
  expect((await saved).status()).toBe(200);
}

test.describe("the language on the member's profile", () => {
  test("the switch saves the language on the profile; another device follows it when the member signs in there", async ({ page, request, browser }, testInfo) => {
    const member = await registerThroughApi(request, testInfo, "F");
    expect(await profileLanguage(request, member)).toBe("en");

    // On her phone, in English, she switches to Telugu.
    await page.setExtraHTTPHeaders(memberAddress(member.pid));
    await signIn(page, member);
    await switchLanguage(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    await expect(page.getByRole("heading", { level: 1, name: te["lists.search"] })).toBeVisible();
    expect(await profileLanguage(request, member)).toBe("te");

    // Her father's phone has never chosen a language and reads English: once she signs in there, Telugu.
    const father = await newDevice(browser, "en-IN", member.pid);
    await signIn(father, member);
    await expect(father.locator("html")).toHaveAttribute("lang", "te");
    await expect(father.getByRole("heading", { level: 1, name: te["lists.search"] })).toBeVisible();
    await expectAllTelugu(father);
    // That device now remembers Telugu itself.
    await father.reload();
    await expect(father.getByRole("heading", { level: 1, name: te["lists.search"] })).toBeVisible();

    // The reverse: back to English on the father's phone ...
    await switchLanguage(father);
    await expect(father.locator("html")).toHaveAttribute("lang", "en");
    expect(await profileLanguage(request, member)).toBe("en");
    await father.context().close();

    // ... and a third phone whose browser prefers Telugu shows the login in Telugu, then follows the profile to English.
    const mother = await newDevice(browser, "te-IN", member.pid);
    await signIn(mother, member, "te");
    await expect(mother.locator("html")).toHaveAttribute("lang", "en");
    await expect(mother.getByRole("heading", { level: 1, name: en["lists.search"] })).toBeVisible();
    await mother.context().close();
  });

  test("when the profile cannot be told, the device still switches and the member is told so", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo, "F");
    await page.setExtraHTTPHeaders(memberAddress(member.pid));
    await signIn(page, member);
    // No answer from the server, as on a phone that lost its signal.
    await page.route("**/api/users/language", (route) => route.abort());
    await languageSwitch(page).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    await expect(page.getByRole("alert").filter({ hasText: te["language.saveFailed"] })).toBeVisible();
    await expectAllTelugu(page);
    // The device remembers it; the profile still says English.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: te["lists.search"] })).toBeVisible();
    expect(await profileLanguage(request, member)).toBe("en");
  });
});
