import { expect as baseExpect, test } from "@playwright/test";
import type { ProfilePage } from "#shared/api-types.ts";
import { MESSAGES, fillMessage } from "#shared/messages.ts";
import { api, apiSignIn, memberFor, otherMembers, requestQuery, TAP_TARGETS, type Session } from "./support/interest-helpers.ts";
import { agencyContact, expectNoHorizontalOverflow, expectNoSeriousViolations, expectTouchTargets, memberAddress, openAs, screenshot } from "./support/search-helpers.ts";

// A test registers or signs in several members and sends interests before
// its screens open, which takes tens of seconds on a busy 2-core machine;
// the screens themselves answer well within the default times.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// /request and /Request.aspx (docs/specification.md § "Anonymous routes";
// § "4. States and transitions" "WhatsApp request flow"):
// a WhatsApp link asking for a profile's phone number. Every test uses demo
// members of its own per project, so nothing else changes what it sees; none
// signs in with a wrong password (failures are counted per Profile ID).

/** § "Anonymous routes"'s Submit, named for what it does (ADR 0015). */
const SUBMIT = "Sign in and send request";

const HELP = (phone: string) => `The phone number needs your Profile ID and password. If you do not have them, use New Registration or contact ${phone}.`;

/** Whether the member's request to `target` stands (their F list holds it). */
async function hasAsked(session: Pick<Session, "pid" | "token" | "headers" | "request">, target: number): Promise<boolean> {
  const { data } = await api<ProfilePage>(session, `/api/profile_visits?pid=${session.pid}&p_status=F&page=1`);
  return data?.profiles.some((card) => card.pid === target && card.interestedAt !== null) ?? false;
}

test.describe("/request", () => {
  test("a missing or unreadable q shows Invalid Profile Link", async ({ page }, testInfo) => {
    for (const path of ["/request", "/Request.aspx", "/request?q=%%%not-base64", `/request?q=${Buffer.from('{"name":"x"}').toString("base64url")}`]) {
      await page.goto(path);
      await expect(page.getByRole("alert")).toHaveText(MESSAGES.invalidProfileLink);
    }
    await expect(page.getByLabel("Profile ID", { exact: true })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "request-invalid");
  });

  test("signed out: the form with its help text; signing in through it sends the interest and opens the profile", async ({ page, request }, testInfo) => {
    const bride = await memberFor(testInfo, "requestForm", "F");
    const target = (await otherMembers("M", 1, 0, bride.pid))[0] as number;
    await page.setExtraHTTPHeaders(memberAddress(bride.pid));
    // The product's own links are /Request.aspx?q=..., as the earlier system wrote them.
    await page.goto(`/Request.aspx?q=${requestQuery(target)}`);

    const { phone } = await agencyContact(page);
    await expect(page.getByRole("heading", { level: 1, name: "Phone Number Request" })).toBeVisible();
    await expect(page.getByText(`Profile ID ${target}`).first()).toBeVisible();
    // What a stranger may see of the profile: the preview picture and a few facts, no name.
    const teaser = page.getByRole("figure", { name: `Profile ID ${target}` });
    await expect(teaser).toContainText(/\d+ years/);
    await expect(teaser.locator("img")).toHaveAttribute("src", `/og/profile/${target}.jpg`);
    await expect(page.getByRole("note")).toHaveText(HELP(phone));
    // A visitor who is simply not signed in has nothing gone wrong to read.
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("button", { name: SUBMIT })).toBeVisible();
    // § "Anonymous routes": New Registration on small screens only (the desktop navigation bar has its own).
    const register = page.locator("main").getByRole("link", { name: "New Registration" });
    if (testInfo.project.name === "phone") await expect(register).toBeVisible();
    else await expect(register).toBeHidden();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, TAP_TARGETS);
    await screenshot(page, testInfo, "request-form");

    // An unexpected sign-in failure (no answer) reads (102), and the button "Failed".
    await page.route("**/api/users/sign_in", (route) => route.abort());
    await page.getByLabel("Profile ID", { exact: true }).fill(String(bride.pid));
    await page.getByLabel("Password", { exact: true }).fill(bride.password);
    await page.getByRole("button", { name: SUBMIT }).click();
    await expect(page.getByRole("alert")).toHaveText(fillMessage(MESSAGES.requestFormLoginError, { phone }));
    await expect(page.getByRole("button", { name: "Failed" })).toBeVisible();
    await screenshot(page, testInfo, "request-sign-in-failed");
    await page.unroute("**/api/users/sign_in");

    // Typing again clears "Failed"; "Sending..." while it works, then the profile.
    await page.getByLabel("Password", { exact: true }).fill("");
    await page.getByLabel("Password", { exact: true }).fill(bride.password);
    await expect(page.getByRole("button", { name: SUBMIT })).toBeVisible();
    await page.route("**/api/users/sign_in", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: SUBMIT }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/whatsapp_profile\\?pid=${target}$`));
    await expect(page.getByRole("status").filter({ hasText: "Request sent: you will get a WhatsApp message when they approve." })).toBeVisible();
    await expect(page.locator(`article[data-pid="${target}"]`).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Paid Website Service / See Photo & Phone Number" }).first()).toBeVisible();
    await screenshot(page, testInfo, "request-whatsapp-profile");

    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(await hasAsked({ pid: bride.pid, token: token ?? "", headers: memberAddress(bride.pid), request }, target)).toBe(true);
  });

  test("signed in already: the interest is sent at once and the member goes straight to the profile", async ({ page, request }, testInfo) => {
    const bride = await memberFor(testInfo, "requestSignedIn", "F");
    const target = (await otherMembers("M", 1, 1, bride.pid))[0] as number;
    const session = await apiSignIn(request, bride);
    await openAs(page, session, `/request?q=${requestQuery(target)}`);
    await expect(page).toHaveURL(new RegExp(`/whatsapp_profile\\?pid=${target}$`));
    await expect(page.locator(`article[data-pid="${target}"]`).first()).toBeVisible();
    expect(await hasAsked(session, target)).toBe(true);

    // The same link again: the request stands (skip), so it goes straight there too, and says so.
    await page.goto(`/request?q=${requestQuery(target)}`);
    await expect(page).toHaveURL(new RegExp(`/whatsapp_profile\\?pid=${target}$`));
    await expect(page.getByText("You asked for this profile before: you will get a WhatsApp message when they approve.")).toBeVisible();
  });

  test("signed in, but the server refuses the interest: its text with a full stop, and the form", async ({ page, request }, testInfo) => {
    const bride = await memberFor(testInfo, "requestRefused", "F");
    // Another bride: the server accepts interest to grooms only.
    const target = (await otherMembers("F", 1, 0))[0] as number;
    const session = await apiSignIn(request, bride);
    await openAs(page, session, `/request?q=${requestQuery(target)}`);
    await expect(page.getByRole("alert")).toHaveText("You can send interest to grooms only.");
    await expect(page).toHaveURL(/\/request\?q=/);
    await expect(page.getByLabel("Profile ID", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: SUBMIT })).toBeVisible();
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "request-refused");
  });
});
