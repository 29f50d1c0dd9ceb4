import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import type { AuditEntry, Paged } from "#shared/admin-types.ts";
import type { RegistrationResult } from "#shared/api-types.ts";
import { raasiOf } from "#shared/astro/raasi.ts";
import { FORMAT } from "#shared/schemas/profile-fields.ts";
import { demoOwner } from "#scripts/demo/demo-staff.ts";
import { memberWhole, ownerSession, staffHeaders } from "./support/agency.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, field, jpegBytes, jpegFile, registrationFields, screenshot, uniqueMobile } from "./support/members.ts";
import { expectTouchTargets, memberAddress } from "./support/search-helpers.ts";
import { codeSentTo } from "./support/whatsapp.ts";

// Staff correct a member from the console (ADR 0022), as a family asks on
// the phone: a wrong birth time (with the star and padham it gave) and the
// parents' details with a new WhatsApp number, each saved and audited; and
// interest sent on the member's behalf from the member's page. Both members
// are registered by the test itself, so no other spec touches them.

const owner = demoOwner();
/** The console's own address (the Worker limits per address); apart from agency-console.spec.ts's. */
const STAFF_ADDRESS = { "CF-Connecting-IP": "203.0.113.78" };
const CONSOLE_TARGETS = "main button, main a.btn-primary, main a.btn-outline, main a.btn-quiet, header button, header nav a";

interface NewMember {
  pid: number;
  mobile: string;
}

/** A member of our own, registered through the API with a password set from the code (ADR 0021). */
async function register(request: APIRequestContext, testInfo: TestInfo, gender: "F" | "M"): Promise<NewMember> {
  const mobile = uniqueMobile(testInfo);
  const response = await request.post("/api/save_new_registration", {
    multipart: { ...registrationFields(mobile, gender), photo: { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpegBytes(360, 480) } },
    headers: memberAddress(Number(mobile.slice(-3))),
  });
  expect(response.status(), await response.text()).toBe(200);
  const { pid } = ((await response.json()) as { data: RegistrationResult }).data;
  const confirmed = await request.post("/api/users/password_reset/confirm", {
    data: { pid, code: await codeSentTo(mobile), password: `Chosen-${pid}` },
    headers: memberAddress(pid),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { pid, mobile };
}

/** Signs the demo owner in through the console's own form. */
async function staffSignIn(page: Page, path: string): Promise<void> {
  await page.setExtraHTTPHeaders(STAFF_ADDRESS);
  await page.goto(path);
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
}

/** Axe, no sideways scroll, finger-sized targets, and a full-page screenshot to look at. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);
  await expectTouchTargets(page, CONSOLE_TARGETS);
  await screenshot(page, testInfo, `agency-${name}`);
}

/** One region of the long member screen on its own: a full-page phone shot is too tall to read. */
async function regionShot(page: Page, testInfo: TestInfo, region: string, name: string): Promise<void> {
  await page.getByRole("region", { name: region }).screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-agency-${name}.png` });
}

/** The latest audit entries about one member, as owners read them. */
async function auditOf(pid: number): Promise<AuditEntry[]> {
  const staff = await ownerSession();
  const response = await staff.request.get("/api/admin/audit_log?pageSize=100", { headers: staffHeaders(staff) });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Paged<AuditEntry> };
  return data.items.filter((entry) => entry.target === String(pid));
}

test.describe("agency corrects a member", () => {
  test("staff correct the birth time and the parents' details, and send interest for the member", async ({ page, request }, testInfo) => {
    test.slow();
    const bride = await register(request, testInfo, "F");
    const groom = await register(request, testInfo, "M");

    await staffSignIn(page, `/agency/members/${bride.pid}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sravani");
    // The header's button: the record's own comes far below on a phone.
    await page.getByRole("button", { name: "Edit details" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/agency/members/${bride.pid}\\?edit=personal$`));
    const editor = page.getByRole("region", { name: "Edit details" });
    await expect(editor.getByRole("tab", { name: "Personal" })).toBeFocused();

    // The Personal part as registered, with what only staff may change.
    const personal = editor.getByRole("form", { name: "Personal details" });
    await expect(field(personal, "Date of Birth")).toHaveValue("14/02/1997");
    await expect(field(personal, "Time of Birth")).toHaveValue("6:05 AM");
    await expect(field(personal, "Gender")).toBeDisabled();
    for (const label of ["Date of Birth", "Time of Birth", "Height"]) await expect(field(personal, label)).toBeEnabled();

    // A bad time: the shared schema's message under the field, and nothing typed is lost.
    await field(personal, "Place of Birth").fill("Kakinada");
    await field(personal, "Time of Birth").fill("25:99");
    await field(personal, "Place of Birth").click();
    await personal.getByRole("button", { name: "Save personal details" }).click();
    await expect(personal.getByText(FORMAT.tob)).toBeVisible();
    await expect(personal.getByText("Some details need correcting")).toBeVisible();
    await expect(field(personal, "Place of Birth")).toHaveValue("Kakinada");
    await expect(field(personal, "Time of Birth")).toBeFocused();
    await screenshot(page, testInfo, "agency-member-edit-bad-time", false);

    // The right time, and the star and padham of the family's corrected horoscope: the raasi follows.
    await field(personal, "Time of Birth").fill("9:10 PM");
    await field(personal, "Place of Birth").click();
    await field(personal, "Star").selectOption("13");
    await field(personal, "Padham").selectOption("1");
    await expect(field(personal, "Raasi")).toHaveValue(String(raasiOf(13, 1)));
    // And a new photo, through the same pipeline as the member's own edit.
    const photoBefore = (await memberWhole(bride.pid)).photoUrl;
    await field(personal, "Replace photo").setInputFiles(jpegFile("staff-replaced.jpg", 480, 640));
    await expect(personal.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
    await personal.getByRole("button", { name: "Save personal details" }).click();
    await expect(personal.getByText(`Personal details saved for Profile ID ${bride.pid}: born 14/02/1997 at 9:10 PM. The photo was replaced.`)).toBeVisible();
    await expect(field(personal, "Time of Birth")).toHaveValue("9:10 PM");
    await expect(personal.getByRole("img", { name: "Preview of the chosen photo" })).toHaveCount(0);
    const photoAfter = (await memberWhole(bride.pid)).photoUrl;
    expect(photoAfter).not.toBe(photoBefore);
    await expect(page.getByRole("img", { name: "Photo of Sravani" })).toHaveAttribute("src", photoAfter ?? "");
    await checkScreen(page, testInfo, "member-edit-personal");
    await regionShot(page, testInfo, "Edit details", "member-edit-personal-region");

    // Parent details: a bad email first, then a new WhatsApp number, which is asked about before it is saved.
    await editor.getByRole("tab", { name: "Parent details" }).click();
    const parents = editor.getByRole("form", { name: "Parent details" });
    await field(parents, "Father Profession").fill("Retired Headmaster");
    await field(parents, "Email").fill("not-an-email");
    await parents.getByRole("button", { name: "Save parent details" }).click();
    await expect(parents.getByText(FORMAT.email)).toBeVisible();
    await expect(field(parents, "Father Profession")).toHaveValue("Retired Headmaster");
    await field(parents, "Email").fill("");
    const newMobile = uniqueMobile(testInfo);
    await field(parents, "WhatsApp Number").fill(newMobile);
    await parents.getByRole("button", { name: "Save parent details" }).click();
    const dialog = page.getByRole("dialog", { name: "Change the WhatsApp number?" });
    await expect(dialog).toContainText(`+91 ${newMobile.slice(0, 5)} ${newMobile.slice(5)}`);
    await screenshot(page, testInfo, "agency-member-edit-new-number", false);
    await dialog.getByRole("button", { name: "Change number" }).click();
    await expect(
      parents.getByText(`Parent details saved for Profile ID ${bride.pid}. The WhatsApp number is now +91 ${newMobile.slice(0, 5)} ${newMobile.slice(5)}.`),
    ).toBeVisible();
    // The form shows the number as stored.
    await expect(field(parents, "WhatsApp Number")).toHaveValue(`+91${newMobile}`);
    await regionShot(page, testInfo, "Edit details", "member-edit-parents-region");

    // Closed, the record shows what was saved; the server has it too.
    await editor.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/members/${bride.pid}$`));
    const record = page.getByRole("region", { name: "Record" });
    // Shown as members read a time (h:mm a), stored as the record carries it (h:mma).
    await expect(record).toContainText("9:10 PM");
    await expect(record).toContainText("Retired Headmaster");
    const saved = await memberWhole(bride.pid);
    expect(saved.record).toMatchObject({
      birthTime: "9:10PM",
      birthPlace: "Kakinada",
      star: 13,
      padham: 1,
      raasi: raasiOf(13, 1),
      fatherProfession: "Retired Headmaster",
      mobileNo: `+91${newMobile}`,
    });
    const audit = await auditOf(bride.pid);
    expect(audit.find((entry) => entry.action === "correct_personal")).toMatchObject({
      staff: { username: owner.username },
      before: { tob: "06:05", pob: "Rajahmundry", star: 4, padham: 2 },
      after: { tob: "21:10", pob: "Kakinada", star: 13, padham: 1, photo: "replaced" },
    });
    expect(audit.find((entry) => entry.action === "correct_parents")).toMatchObject({ before: { mobile: `+91${bride.mobile}` }, after: { mobile: `+91${newMobile}` } });

    // Interest for the member: the member's own ID and an unknown one are refused in words, then a groom.
    const interests = page.getByRole("region", { name: /^Interests/ });
    const to = field(interests, "To Profile ID");
    await to.fill(String(bride.pid));
    await interests.getByRole("button", { name: "Send interest" }).click();
    await expect(interests.getByText("This is the member's own Profile ID.")).toBeVisible();
    await to.fill("99999999");
    await interests.getByRole("button", { name: "Send interest" }).click();
    await expect(interests.getByText("No active member has Profile ID 99999999.", { exact: false })).toBeVisible();
    await regionShot(page, testInfo, "Interests (0)", "member-send-interest-unknown");
    await to.fill(String(groom.pid));
    await interests.getByRole("button", { name: "Send interest" }).click();
    await expect(interests.getByText(`Interest sent from ${bride.pid} to ${groom.pid}.`, { exact: false })).toBeVisible();
    await expect(to).toHaveValue("");
    // The member's requests list shows it at once.
    await expect(interests.getByRole("listitem").filter({ hasText: `Asked about ${groom.pid}` })).toContainText("Waiting");
    await expect(interests.getByRole("heading", { level: 2 })).toHaveText("Interests (1)");
    await regionShot(page, testInfo, "Interests (1)", "member-send-interest");
    await to.fill(String(groom.pid));
    await interests.getByRole("button", { name: "Send interest" }).click();
    await expect(interests.getByText(`${bride.pid} has already sent interest to ${groom.pid}: waiting for their answer. Nothing new was sent.`)).toBeVisible();
    expect((await memberWhole(groom.pid)).interests).toEqual([expect.objectContaining({ fromPid: bride.pid, toPid: groom.pid, state: "pending" })]);
    await checkScreen(page, testInfo, "member-after-corrections");
  });
});
