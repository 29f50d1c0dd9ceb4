import { expect, test } from "@playwright/test";
import type { IssuedLink } from "#shared/admin-types.ts";
import { ownerSession, staffHeaders } from "./support/agency.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, registerThroughApi, screenshot, signIn } from "./support/members.ts";

// "Where you are signed in" on Edit profile (ADR 0024): a member sees every
// phone or computer signed in to their profile and how, a link the agency
// issued included, and signs out all but this one.

test.describe("where you are signed in", () => {
  test("a member sees the session the agency's link opened and signs out everywhere else", async ({ page, request }, testInfo) => {
    // Setting the password with the WhatsApp code opens the first session.
    const member = await registerThroughApi(request, testInfo);
    // The agency issues a sign-in link in its console, and someone opens it.
    const staff = await ownerSession();
    const issued = await staff.request.post(`/api/admin/members/${member.pid}/links`, { data: { kind: "profile" }, headers: staffHeaders(staff) });
    expect(issued.status(), await issued.text()).toBe(200);
    const { data: link } = (await issued.json()) as { data: IssuedLink };
    const opened = await request.post("/api/users/link_sign_in", { data: { kind: "profile", link: new URL(link.url).searchParams.get("link") } });
    expect(opened.status(), await opened.text()).toBe(200);
    const agencySession = { Authorization: `Bearer ${((await opened.json()) as { data: { token: string } }).data.token}` };

    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const section = page.getByRole("region", { name: "Where you are signed in" });
    const sessions = section.getByRole("list", { name: "Signed-in phones and computers" }).getByRole("listitem");
    await expect(sessions).toHaveCount(3);
    // Newest first: this browser, then the agency's link, then the code.
    await expect(sessions.nth(0)).toContainText("With your password");
    await expect(sessions.nth(0)).toContainText("This phone or computer");
    await expect(sessions.nth(1)).toContainText("With a sign-in link the agency issued");
    await expect(sessions.nth(2)).toContainText("With a code sent on WhatsApp");
    for (const index of [0, 1, 2]) await expect(sessions.nth(index)).toContainText(/Signed in \d{1,2} \w{3} \d{4}, .* · ends \d{1,2} \w{3} \d{4}/);
    await section.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "sessions-listed", false);

    await section.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(section.getByText("2 other phones or computers are signed out.")).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText("This phone or computer");
    await expect(section.getByText("You are signed in only here.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "sessions-signed-out", false);

    // Whoever used the agency's link is signed out; this browser is not.
    expect((await request.get("/api/users/current", { headers: agencySession })).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: `Update Profile ID: ${member.pid}` })).toBeVisible();
  });
});
