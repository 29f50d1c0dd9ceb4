import { expect, test, type Page } from "@playwright/test";
import { en } from "#shared/i18n/en.ts";
import { te } from "#shared/i18n/te.ts";
import { fillMessage } from "#shared/messages.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { api, apiSignIn, requestQuery } from "./support/interest-helpers.ts";
import { field, registerThroughApi, signIn } from "./support/members.ts";
import { agencyContact, cardOf } from "./support/search-helpers.ts";

// ADR 0040: a text a screen keeps showing after something happened (a
// failure, what became of a card) is kept as what happened, and worded at
// each render, so a member who switches language while it shows reads it in
// the new language with the rest of the screen. Each test shows one such text
// in English, switches to Telugu and finds it in Telugu, the English gone.

async function switchTo(page: Page, language: "en" | "te"): Promise<void> {
  await page.getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/** The text shown in one language, then after the switch in the other only (to Telugu unless said). */
async function rewordedOnSwitch(page: Page, shown: string, switched: string, to: "en" | "te" = "te"): Promise<void> {
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
  await switchTo(page, to);
  await expect(page.getByText(switched, { exact: true })).toBeVisible();
  await expect(page.getByText(shown, { exact: true })).toHaveCount(0);
}

const failedCall = { status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong.", code: "INTERNAL" }) };

test.describe("texts kept on screen follow a switch of language", () => {
  test("a card's failed Remove", async ({ page, request }, testInfo) => {
    const groom = await registerThroughApi(request, testInfo, "M");
    await signIn(page, groom.pid, groom.password);
    await expect(page.getByTestId("language-switch")).toBeEnabled();
    await page.route("**/api/remove_profile", (route) => route.fulfill(failedCall));
    await page.getByRole("button", { name: "Remove profile from list" }).first().click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, remove profile from list" }).click();
    await rewordedOnSwitch(page, en["card.secondaryFailed"], te["card.secondaryFailed"]);
  });

  test("the notice of a withdrawn request on Requests I sent", async ({ page, request }, testInfo) => {
    const [groom, bride] = [await registerThroughApi(request, testInfo, "M"), await registerThroughApi(request, testInfo, "F")];
    // A paying groom's request (a FREE member sends none).
    const staff = await ownerSession();
    const lastViewDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const sold = await staff.request.put(`/api/admin/members/${groom.pid}/membership`, {
      headers: staffHeaders(staff),
      data: { profileType: "MEMBER", profilesCount: 2, total: 0, lastViewDate, expectedTotal: 0 },
    });
    expect(sold.status(), await sold.text()).toBe(200);
    const sent = await api(await apiSignIn(request, groom), "/api/send_interest", { fpid: groom.pid, tpid: bride.pid, skip: true });
    expect(sent.status, sent.error).toBe(200);

    await signIn(page, groom.pid, groom.password);
    await page.goto("/viewed_profiles");
    await cardOf(page, bride.pid).getByRole("button", { name: en["interests.deleteRequest"] }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: en["interests.yesDelete"] }).click();
    await expect(cardOf(page, bride.pid)).toHaveCount(0);
    await rewordedOnSwitch(page, fillMessage(en["interests.withdrawnNotice"], { pid: bride.pid }), fillMessage(te["interests.withdrawnNotice"], { pid: bride.pid }));
  });

  test("a sibling choice that was not saved, and a new WhatsApp number's code of the wrong length", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    await expect(page.getByTestId("language-switch")).toBeEnabled();

    // No answer at all: the reason is the catalogue's too.
    await page.route("**/api/has_sibling", (route) => route.abort("internetdisconnected"));
    await page.getByRole("tab", { name: en["editProfile.tab.siblings"], exact: true }).click();
    // click(), not check(): the failed save puts the box back, which check() may see before it returns.
    await page.getByRole("checkbox", { name: en["editProfile.siblings.none"] }).click();
    const failed = (catalogue: Record<keyof typeof en, string>) =>
      fillMessage(catalogue["editProfile.siblings.failed"], { what: catalogue["editProfile.siblings.choiceFailed"], reason: ` ${catalogue["common.unreachable"]}` });
    await rewordedOnSwitch(page, failed(en), failed(te));

    // Still in Telugu: the code box's own check, beside the field, then the switch to English.
    await page.getByRole("tab", { name: te["editProfile.tab.parents"], exact: true }).click();
    const parents = page.getByRole("tabpanel", { name: te["editProfile.tab.parents"], exact: true });
    await field(parents, te["field.whatsappNumber"]).fill(`6${member.mobile.slice(1)}`);
    await parents.getByRole("button", { name: te["editProfile.save"], exact: true }).click();
    await field(parents, te["setPassword.code"]).fill("12");
    await parents.getByRole("button", { name: te["editProfile.confirmMobile.submit"] }).click();
    await rewordedOnSwitch(page, te["validation.codeFormat"], en["validation.codeFormat"], "en");
  });

  test("a request for a phone number that got no answer", async ({ page, request }, testInfo) => {
    const [groom, bride] = [await registerThroughApi(request, testInfo, "M"), await registerThroughApi(request, testInfo, "F")];
    await signIn(page, groom.pid, groom.password);
    await page.route("**/api/send_interest", (route) => route.abort("internetdisconnected"));
    await page.goto(`/request?q=${requestQuery(bride.pid)}`);
    await expect(page.getByTestId("language-switch")).toBeEnabled();
    const { phone } = await agencyContact(page);
    await rewordedOnSwitch(page, fillMessage(en["card.interestFailedDefault"], { phone }), fillMessage(te["card.interestFailedDefault"], { phone }));
  });

  test("an auto-login link that does not decode, and one whose sign-in got no answer", async ({ page }) => {
    await page.goto("/profile_link?link=not-a-link");
    await expect(page.getByTestId("language-switch")).toBeEnabled();
    const { agency, phone } = await agencyContact(page);
    // The phone's spaces do not break (auto-login.tsx keepTogether).
    const together = (text: string) => fillMessage(text, { agency, phone: phone.replace(/ /g, "\u00a0") });
    await rewordedOnSwitch(page, together(en["server.invalidAutoLoginLink"]), together(te["server.invalidAutoLoginLink"]));
    await expect(page.getByRole("heading", { level: 1, name: te["autoLogin.invalidHeading"] })).toBeVisible();

    await switchTo(page, "en");
    await page.route("**/api/users/link_sign_in", (route) => route.abort("internetdisconnected"));
    const link = Buffer.from(JSON.stringify({ pid: 10001, pin: "0000" })).toString("base64");
    await page.goto(`/profile_link?link=${encodeURIComponent(link)}`);
    await rewordedOnSwitch(page, en["common.unreachable"], te["common.unreachable"]);
    await expect(page.getByRole("heading", { level: 1, name: te["autoLogin.failedHeading"] })).toBeVisible();
  });
});
