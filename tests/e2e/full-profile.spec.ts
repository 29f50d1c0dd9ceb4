import { expect, test } from "@playwright/test";
import type { FullProfile } from "#shared/api-types.ts";
import { SIBLING_TYPES } from "#shared/schemas/sibling.ts";
import {
  agencyContact,
  apiGet,
  apiSignIn,
  demoLogin,
  expectNoHorizontalOverflow,
  expectNoSeriousViolations,
  openAs,
  perProject,
  screenshot,
  searchPage,
  spokenPhone,
  type Session,
} from "./support/search-helpers.ts";

// /full_profile?pid= (docs/specification.md § "Member routes (login required)"): its sections, the "-" for
// empty values, the sibling texts, and the server's refusal with a way back.
// Members may always read their own full profile, which lets these tests
// cover every sibling state without charging anyone's balance.

const SECTIONS = ["Personal Details", "Religious/Social & Astro", "Education", "Professional", "Parent Details", "Sibling Details"];

async function ownProfile(session: Session): Promise<FullProfile> {
  const { data } = await apiGet<FullProfile>(session, `/api/users/${session.pid}?normalized=true`);
  if (!data) throw new Error("no full profile");
  return data;
}

test.describe("full profile", () => {
  test("shows every section, tel: and WhatsApp links, and the siblings table", async ({ page, request }, testInfo) => {
    test.slow();
    // Members with siblings (hasSiblings 1) in the demo data.
    const session = await apiSignIn(request, demoLogin(testInfo.project.name === "phone" ? 10004 : 10014));
    const profile = await ownProfile(session);
    expect(profile.siblings.length).toBeGreaterThan(0);
    await openAs(page, session, `/full_profile?pid=${session.pid}`);

    await expect(page.getByRole("heading", { level: 1, name: `Profile ID ${profile.pid}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^Profile ID ${profile.pid}\\b`));
    for (const title of SECTIONS) await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();

    const personal = page.getByRole("region", { name: "Personal Details" });
    await expect(personal).toContainText(profile.name);
    await expect(personal).toContainText(profile.surName);
    await expect(personal).toContainText(profile.marriageTurn === 2 ? "Second" : "First");
    const astro = page.getByRole("region", { name: "Religious/Social & Astro" });
    await expect(astro).toContainText(profile.birthDate);
    // § "9. Business constants and limits": a time reads h:mm a ("9:25 PM"); the API carries h:mma ("9:25PM").
    expect(profile.birthTime).toMatch(/^\d{1,2}:\d{2}(AM|PM)$/);
    await expect(astro.locator("dt", { hasText: /^Time of Birth$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText(profile.birthTime.replace(/(AM|PM)$/, " $1"));
    if (profile.starTe) await expect(astro.locator('[lang="te"]').first()).toHaveText(profile.starTe);
    // Matching points only when present (§ "Member routes (login required)").
    if (profile.astroPoints === null) await expect(astro).not.toContainText("Matching Points");

    const professional = page.getByRole("region", { name: "Professional" });
    if (profile.workingIn === 1 && profile.annualIncome && profile.professionTypeId !== 5) {
      await expect(professional).toContainText(`${profile.annualIncome} Lakhs Per Annum`);
    }

    const parents = page.getByRole("region", { name: "Parent Details" });
    const tel = `tel:${profile.mobileNo.replace(/[^\d+]/g, "")}`;
    await expect(parents.getByRole("link", { name: spokenPhone(profile.mobileNo), exact: true })).toHaveAttribute("href", tel);
    await expect(page.getByRole("link", { name: `Call ${spokenPhone(profile.mobileNo)}` })).toHaveAttribute("href", tel);
    await expect(page.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", `https://wa.me/${profile.mobileNo.replace(/\D/g, "")}`);
    if (profile.alternateMobileNo) {
      await expect(parents.getByRole("link", { name: spokenPhone(profile.alternateMobileNo) })).toHaveAttribute("href", `tel:${profile.alternateMobileNo.replace(/[^\d+]/g, "")}`);
    }
    // Empty optional values show "-".
    if (!profile.email) await expect(parents.locator("dt", { hasText: /^Email$/ }).locator("xpath=following-sibling::dd")).toHaveText("-");
    if (!profile.alternateMobileNo) await expect(parents.locator("dt", { hasText: /^Alternate Mobile$/ }).locator("xpath=following-sibling::dd")).toHaveText("-");

    // Siblings: a table on wide screens, one block each on phones.
    const siblings = page.getByRole("region", { name: "Sibling Details" });
    const first = profile.siblings[0];
    if (!first) throw new Error("no sibling");
    if (testInfo.project.name === "desktop") {
      const table = siblings.getByRole("table");
      await expect(table).toBeVisible();
      await expect(table.getByRole("row")).toHaveCount(profile.siblings.length + 1);
      await expect(table.getByRole("row").nth(1)).toContainText(SIBLING_TYPES[first.type]);
      await expect(table.getByRole("row").nth(1)).toContainText(first.name);
    } else {
      await expect(siblings.getByRole("table")).toBeHidden();
      await expect(siblings.getByRole("listitem")).toHaveCount(profile.siblings.length);
      await expect(siblings.getByRole("listitem").first()).toContainText(`${SIBLING_TYPES[first.type]}: ${first.name}`);
    }

    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "full-profile");
  });

  test("says when there are no siblings, in both ways of the specification", async ({ page, request }) => {
    // 10005: no sibling answer given (0); 10010: "I have no siblings" (2).
    const undeclared = await apiSignIn(request, demoLogin(10005));
    const undeclaredProfile = await ownProfile(undeclared);
    expect(undeclaredProfile.hasSiblings).not.toBe(2);
    expect(undeclaredProfile.siblings).toEqual([]);
    await openAs(page, undeclared, `/full_profile?pid=${undeclared.pid}`);
    await expect(page.getByRole("region", { name: "Sibling Details" })).toContainText("Sibling Data Not Available");

    const none = await apiSignIn(request, demoLogin(10010));
    const noneProfile = await ownProfile(none);
    expect(noneProfile.hasSiblings).toBe(2);
    await openAs(page, none, `/full_profile?pid=${none.pid}`);
    await expect(page.getByRole("region", { name: "Sibling Details" })).toContainText(`${noneProfile.name} has no siblings`);
  });

  test("shows the server's refusal with a way back", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10005, 10015));
    const list = await searchPage(session, 1);
    const other = list.profiles.find((item) => item.requestStatus === "-");
    if (!other) throw new Error("expected a profile without a request");
    const refusal = await apiGet<FullProfile>(session, `/api/users/${other.pid}?normalized=true`);
    // Opened directly with no request sent: told so, not "not approved yet" (ADR 0012).
    expect(refusal).toMatchObject({ status: 403, code: "NOT_APPROVED", error: "You have not sent a request for this profile. Open the profile to send one." });

    await openAs(page, session, "/search");
    await page.goto(`/full_profile?pid=${other.pid}`);
    await expect(page.getByRole("heading", { level: 1, name: `Profile ID ${other.pid}` })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(refusal.error ?? "");
    // No contact detail leaks into the page.
    await expect(page.getByRole("main").locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Open Profile ID ${other.pid}` })).toHaveAttribute("href", `/search_id?pid=${other.pid}`);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "full-profile-refused");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/search$/);

    // A pid that is not a number: "Profile not found".
    await page.goto("/full_profile?pid=abc");
    await expect(page.getByRole("alert")).toHaveText("Profile not found");
  });

  test("tells a zero-balance member about the balance, which is what stands in the way", async ({ page, request }, testInfo) => {
    const session = await apiSignIn(request, perProject(testInfo, 10007, 10016));
    const other = (await searchPage(session, 1)).profiles.find((item) => item.requestStatus === "-" && !item.viewed);
    if (!other) throw new Error("expected a profile without a request");
    await openAs(page, session, `/full_profile?pid=${other.pid}`);
    const { agency, phone } = await agencyContact(page);
    await expect(page.getByRole("alert")).toHaveText(`Your balance of profiles is zero. Please contact ${agency} ${phone}`);
    await expect(page.getByRole("link", { name: `Open Profile ID ${other.pid}` })).toHaveAttribute("href", `/search_id?pid=${other.pid}`);
    await screenshot(page, testInfo, "full-profile-zero-balance");
  });
});
