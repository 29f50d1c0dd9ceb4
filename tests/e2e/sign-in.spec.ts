import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { MESSAGES } from "#shared/messages.ts";
import { SIGN_IN_MESSAGES } from "#shared/schemas/sign-in.ts";
import { demoLogins, type DemoLogin } from "#scripts/demo/demo-logins.ts";
import { registerThroughApi, signIn } from "./support/members.ts";

// /login and the session (docs/specification.md § "2. Screens and routes",
// § "Anonymous routes", § "Navigation bar", § "4. States and transitions",
// § "Other rules" and § "8. Error catalogue"), against the
// real Worker with seeded demo members.

const SIGN_IN_PATH = "/api/users/sign_in";

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/**
 * Sign-in failures are counted per Profile ID on the server (with back-off),
 * and both projects share one server: each project signs in with its own
 * account, and the wrong-password test uses yet another one.
 */
function accountFor(testInfo: TestInfo, purpose: "sign-in" | "wrong-password"): DemoLogin {
  const logins = demoLogins();
  const offset = testInfo.project.name === "phone" ? 0 : 1;
  const login = purpose === "sign-in" ? logins[offset] : logins[logins.length - 1 - offset];
  if (!login) throw new Error(`demoLogins() returned ${logins.length} logins; the tests need at least 4`);
  return login;
}

test.describe("login", () => {
  test("goes on to the profile `profile` names, and to /search for anything else", async ({ page }, testInfo) => {
    const login = accountFor(testInfo, "sign-in");
    const signInFor = async (profile: string) => {
      // Signed out first: the form is the visitor's.
      if (page.url().startsWith("http")) await page.evaluate(() => localStorage.clear());
      await page.goto(`/login?profile=${encodeURIComponent(profile)}`);
      await page.getByLabel("Profile ID").fill(String(login.pid));
      await page.getByLabel("Password", { exact: true }).fill(login.password);
      await page.getByRole("button", { name: "Login" }).click();
    };
    // The public page's paid-only card sends a visitor here to see that profile (§ "6. Roles and permissions").
    await signInFor(String(login.pid));
    await expect(page).toHaveURL(new RegExp(`/search_id\\?pid=${login.pid}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Search By ID" })).toBeVisible();
    // Never anywhere else: only a Profile ID is read.
    for (const hostile of ["https://evil.example", "//evil.example", "/\\evil.example", "10001/../../agency", "javascript:alert(1)", "/agency", "10001&x=1"]) {
      await signInFor(hostile);
      await expect(page, hostile).toHaveURL(/^http:\/\/localhost:\d+\/search$/);
    }
  });

  test("signs in, stores the token and lands on /search", async ({ page }, testInfo) => {
    const login = accountFor(testInfo, "sign-in");
    await page.goto("/login");
    await expect(page).toHaveTitle(/^Login\b/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expect(page.getByText(MESSAGES.loginWhatsappNote)).toBeVisible();

    await page.getByLabel("Profile ID").fill(String(login.pid));
    await page.getByLabel("Password", { exact: true }).fill(login.password);
    await screenshot(page, testInfo, "login-filled");

    const signInRequest = page.waitForRequest((request) => new URL(request.url()).pathname === SIGN_IN_PATH);
    await page.getByRole("button", { name: "Login" }).click();
    // § "Other rules": the Profile ID is sent as a number.
    expect((await signInRequest).postDataJSON()).toEqual({ pid: login.pid, password: login.password });

    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search Profiles" })).toBeVisible();
    await expect(page).toHaveTitle(/^Search Profiles\b/);
    const stored = await page.evaluate(() => ({ token: localStorage.getItem("token"), user: localStorage.getItem("currentUser") }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? "null")).toMatchObject({ pid: login.pid, profileLimits: { profileType: login.profileType } });
    await screenshot(page, testInfo, "search-after-login");

    // Signed in, an unknown path still lands on /search (§ "2. Screens and routes").
    await page.goto("/no_such_screen");
    await expect(page).toHaveURL(/\/search$/);

    // Logout clears the storage and goes to /login (§ "4. States and transitions").
    if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
    // § "Navigation bar"'s links, named as their pages are (ADR 0015), with who is signed in always in sight.
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Search Profiles", "Requests received", "Requests I sent", "Recommended Profiles", "Edit Profile"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(page.getByTestId("signed-in-as")).toContainText(/^Signed in: .+ · Profile ID \d+ · [A-Z]+$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The navigation bar is the visitor's again (folded away on phones).
    await expect(page.getByRole("button", { name: "Logout", includeHidden: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Login", includeHidden: true })).toHaveCount(1);

    // The server ended the session too: with the old token put back, the
    // guard's current-user check fails, which clears the storage and goes to
    // /login (§ "2. Screens and routes" and § "4. States and transitions").
    await page.evaluate((token) => localStorage.setItem("token", token), stored.token ?? "");
    await page.goto("/search");
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  });

  test("a wrong password shows the red alert and stays on /login", async ({ page }, testInfo) => {
    const login = accountFor(testInfo, "wrong-password");
    await page.goto("/login");
    await page.getByLabel("Profile ID").fill(String(login.pid));
    await page.getByLabel("Password", { exact: true }).fill(`${login.password}-wrong`);
    await page.getByRole("button", { name: "Login" }).click();

    await expect(page.getByRole("alert")).toHaveText(MESSAGES.loginFailed);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await screenshot(page, testInfo, "login-failed");
  });

  test("missing fields show the required messages and send no request", async ({ page }, testInfo) => {
    const signInRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === SIGN_IN_PATH) signInRequests.push(request.url());
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();

    await expect(page.getByText(SIGN_IN_MESSAGES.pid, { exact: true })).toBeVisible();
    await expect(page.getByText(SIGN_IN_MESSAGES.password, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Profile ID")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Profile ID")).toBeFocused();
    await screenshot(page, testInfo, "login-required");

    // Only the password missing: still no request.
    await page.getByLabel("Profile ID").fill("10001");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText(SIGN_IN_MESSAGES.password, { exact: true })).toBeVisible();
    await expect(page.getByText(SIGN_IN_MESSAGES.pid, { exact: true })).toBeHidden();

    // Give a stray request time to show up before asserting there was none.
    await page.waitForTimeout(300);
    expect(signInRequests).toEqual([]);
  });

  test("the New Registration button shows on phones only", async ({ page }, testInfo) => {
    await page.goto("/login");
    // The navigation bar has its own New Registration link; this is the button in the page.
    const button = page.getByRole("main").getByRole("link", { name: "New Registration" });
    if (testInfo.project.name === "phone") {
      await expect(button).toBeVisible();
      await screenshot(page, testInfo, "login");
      await button.click();
      await expect(page).toHaveURL(/\/new_registration$/);
      await expect(page.getByRole("heading", { level: 1, name: "New Member Registration" })).toBeVisible();
    } else {
      await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
      await expect(button).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New Registration" })).toBeVisible();
      await screenshot(page, testInfo, "login");
    }
  });

  test("a dropped connection or a timeout keeps the member signed in", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    const token = await page.evaluate(() => localStorage.getItem("token"));

    // The guard's check never reaches the server: the member is told, stays
    // signed in and tries again (ADR 0004).
    await page.route("**/api/users/current", (route) => route.abort("internetdisconnected"));
    await page.goto("/edit_profile");
    await expect(page.getByRole("alert")).toContainText("Could not reach the server. Please check your internet connection. You are still signed in.");
    await expect(page).toHaveURL(/\/edit_profile$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
    await screenshot(page, testInfo, "session-offline");

    // A server failure is no sign-out either.
    await page.unroute("**/api/users/current");
    await page.route("**/api/users/current", (route) => route.fulfill({ status: 503, json: { error: "Service unavailable.", code: "INTERNAL" } }));
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert")).toContainText("Service unavailable. You are still signed in.");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);

    // Back online, Try again opens the screen asked for.
    await page.unroute("**/api/users/current");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Update Profile ID: ${member.pid}` })).toBeVisible();
    await expect(page).toHaveURL(/\/edit_profile$/);
  });

  test("signed out, an unknown path goes to /search and then to /login", async ({ page }) => {
    await page.goto("/this/path/does/not/exist");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    // Also with the validation messages and the alert on screen.
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText(SIGN_IN_MESSAGES.pid, { exact: true })).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  });
});
