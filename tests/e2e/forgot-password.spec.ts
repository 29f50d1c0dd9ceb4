import { expect, test } from "@playwright/test";
import { requestQuery, TAP_TARGETS } from "./support/interest-helpers.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, field, registerThroughApi, screenshot, signIn } from "./support/members.ts";
import { expectTouchTargets, memberAddress } from "./support/search-helpers.ts";
import { codeSentTo, countTemplates } from "./support/whatsapp.ts";

// Members get back in on their own (ADR 0021): "Forgot password?" on /login
// and on the request page sends a 6-digit code to the WhatsApp number on file
// (the Cloud API stand-in here), and the member sets a new password with it.
// Every test registers its own members: nobody else signs in as them.

test.describe.configure({ timeout: 90_000 });

/** How the page writes an Indian number: +91 98765 43210. */
const spoken = (mobile: string) => `+91 ${mobile.slice(-10, -5)} ${mobile.slice(-5)}`;

test.describe("forgot password", () => {
  test("from /login: the Profile ID and number get a code, a wrong code is told, the right one sets the password and signs in", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await page.setExtraHTTPHeaders(memberAddress(member.pid));
    await page.goto(`/login?pid=${member.pid}`);
    await expect(page.getByLabel("Profile ID")).toHaveValue(String(member.pid));
    await page.getByRole("link", { name: "Forgot password, or not set one yet?" }).click();

    await expect(page).toHaveURL(new RegExp(`/forgot_password\\?pid=${member.pid}$`));
    await expect(page).toHaveTitle(/^Forgot password\b/);
    await expect(field(page, "Profile ID")).toHaveValue(String(member.pid));
    // A number that is not a phone number is refused on the page.
    await field(page, "WhatsApp Number").fill("12");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Enter a valid WhatsApp number, e.g. 98765 43210 or +1 415 555 0100")).toBeVisible();
    await field(page, "WhatsApp Number").fill(member.mobile);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page, TAP_TARGETS);
    await screenshot(page, testInfo, "forgot-password");

    const before = await countTemplates(member.mobile, "verification_code");
    await page.getByRole("button", { name: "Send code" }).click();
    // It never says whether the pair matched: "if".
    await expect(page.getByText(`If ${spoken(member.mobile)} is the WhatsApp number of Profile ID ${member.pid}:`)).toBeVisible();
    await expect(page.getByText(/A 6-digit code is on its way to your registered WhatsApp number .* works for 10 minutes\./)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Send a new code \(in \d+ s\)$/ })).toBeDisabled();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "forgot-password-sent");

    const code = await codeSentTo(member.mobile, before);
    await field(page, "Code from WhatsApp").fill("12345");
    await field(page, "New password").fill("New-own-pass-1");
    await field(page, "New password again").fill("New-own-pass-2");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByText("The code has 6 digits")).toBeVisible();
    await field(page, "Code from WhatsApp").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByText("The two passwords are not the same")).toBeVisible();
    await field(page, "New password again").fill("New-own-pass-1");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("That code is not right. You can try 4 more times.");
    await screenshot(page, testInfo, "forgot-password-wrong-code");
    // Tried again, the server's answer to the last try goes, even when the page stops the new one itself.
    await field(page, "New password again").fill("New-own-pass-2");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByText("The two passwords are not the same")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await field(page, "New password again").fill("New-own-pass-1");
    // Pasted with a space, as a member might type it.
    await field(page, "Code from WhatsApp").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page).toHaveURL(/\/search$/);
    // The search opens at its top, not as far down as the button was on a phone (web/lib/new-screen-at-top.ts).
    await expect(page.locator("article").first()).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The old password is gone; the new one is the member's.
    await page.evaluate(() => localStorage.clear());
    const old = await request.post("/api/users/sign_in", { data: { pid: member.pid, password: member.password }, headers: memberAddress(member.pid) });
    expect(old.status()).toBe(400);
    await signIn(page, member.pid, "New-own-pass-1");
  });

  test('"Change the Profile ID or number" goes back to the form with both as they were typed', async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await page.setExtraHTTPHeaders(memberAddress(member.pid));
    await page.goto("/forgot_password");
    const typedMobile = `${member.mobile.slice(-10, -5)} ${member.mobile.slice(-5)}`;
    await field(page, "Profile ID").fill(String(member.pid));
    await field(page, "WhatsApp Number").fill(typedMobile);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`If ${spoken(member.mobile)} is the WhatsApp number of Profile ID ${member.pid}:`)).toBeVisible();
    await page.getByRole("button", { name: "Change the Profile ID or number" }).click();
    await expect(field(page, "Profile ID")).toHaveValue(String(member.pid));
    await expect(field(page, "WhatsApp Number")).toHaveValue(typedMobile);
  });

  test('after five wrong codes, a new code sent clears "Too many wrong codes"', async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await page.setExtraHTTPHeaders(memberAddress(member.pid));
    // "Send a new code" waits a minute after the first: the page's clock is moved on instead.
    await page.clock.install();
    await page.goto(`/forgot_password?pid=${member.pid}`);
    const before = await countTemplates(member.mobile, "verification_code");
    await field(page, "WhatsApp Number").fill(member.mobile);
    await page.getByRole("button", { name: "Send code" }).click();
    const code = await codeSentTo(member.mobile, before);
    await field(page, "Code from WhatsApp").fill(code === "000000" ? "111111" : "000000");
    await field(page, "New password").fill("New-own-pass-1");
    await field(page, "New password again").fill("New-own-pass-1");
    for (const left of [4, 3, 2, 1]) {
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText(`That code is not right. You can try ${left} more ${left === 1 ? "time" : "times"}.`);
    }
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Too many wrong codes. Please ask for a new code.");

    await page.clock.fastForward("01:05");
    await page.getByRole("button", { name: "Send a new code", exact: true }).click();
    await expect(page.getByText("A new code is on its way. Only the newest code works.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    // The next wait is a minute from this code, not from the end of the last wait.
    await expect(page.getByRole("button", { name: /^Send a new code \(in (59|60) s\)$/ })).toBeDisabled();
    await screenshot(page, testInfo, "forgot-password-new-code", false);
  });

  test("the Profile ID typed on /login goes with Forgot password, once it is one", async ({ page }) => {
    await page.goto("/login");
    const profileId = page.getByLabel("Profile ID");
    const forgot = page.getByRole("link", { name: "Forgot password, or not set one yet?" });
    await profileId.fill("12a");
    await expect(forgot).toHaveAttribute("href", "/forgot_password");
    await profileId.fill("10001");
    await expect(forgot).toHaveAttribute("href", "/forgot_password?pid=10001");
    await forgot.click();
    await expect(page).toHaveURL(/\/forgot_password\?pid=10001$/);
    await expect(field(page, "Profile ID")).toHaveValue("10001");
    await expect(field(page, "WhatsApp Number")).toHaveValue("");
  });

  test("from the request page: after the code the member is back on the request, which goes out", async ({ page, request }, testInfo) => {
    const bride = await registerThroughApi(request, testInfo, "F");
    const groom = await registerThroughApi(request, testInfo, "M");
    await page.setExtraHTTPHeaders(memberAddress(bride.pid));
    await page.goto(`/request?q=${requestQuery(groom.pid)}`);
    // The Profile ID typed goes with the link, beside the way back to the request.
    await field(page, "Profile ID").fill(String(bride.pid));
    await page.getByRole("link", { name: "Forgot password, or not set one yet?" }).click();
    await expect(page).toHaveURL(new RegExp(`/forgot_password\\?next=.*&pid=${bride.pid}$`));

    const before = await countTemplates(bride.mobile, "verification_code");
    await expect(field(page, "Profile ID")).toHaveValue(String(bride.pid));
    await field(page, "WhatsApp Number").fill(bride.mobile);
    await page.getByRole("button", { name: "Send code" }).click();
    await field(page, "Code from WhatsApp").fill(await codeSentTo(bride.mobile, before));
    await field(page, "New password").fill("Bride-pass-22");
    await field(page, "New password again").fill("Bride-pass-22");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    // Back on the request, signed in: it sends the interest and opens the groom's WhatsApp page.
    await expect(page).toHaveURL(new RegExp(`/whatsapp_profile\\?pid=${groom.pid}$`), { timeout: 15_000 });
  });

  test("/set_password: the code's own link, with a way to a new code", async ({ page }, testInfo) => {
    await page.goto("/set_password?pid=10001");
    await expect(page).toHaveTitle(/^Set your password\b/);
    await expect(page.getByText("Enter the 6-digit code the agency sent to your WhatsApp for Profile ID 10001, and choose a password of your own.")).toBeVisible();
    await expect(page.getByRole("link", { name: "No code, or it expired? Get a new code" })).toHaveAttribute("href", "/forgot_password?pid=10001");
    await expect(page.getByRole("link", { name: /^Call \+91/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "set-password");
    // A wrong code for someone else's Profile ID changes nothing and says so.
    await field(page, "Code from WhatsApp").fill("123456");
    await field(page, "New password").fill("Anything-123");
    await field(page, "New password again").fill("Anything-123");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});
