import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { en } from "#shared/i18n/en.ts";
import { te } from "#shared/i18n/te.ts";
import { MESSAGES, fillMessage } from "#shared/messages.ts";
import { PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { SIBLING_MESSAGES } from "#shared/schemas/sibling.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, field, jpegFile, pngRenamedJpg, registerThroughApi, screenshot, signIn } from "./support/members.ts";
import { chooseTelugu, expectAllTelugu } from "./support/telugu.ts";
import { codeSentTo } from "./support/whatsapp.ts";

// /edit_profile (docs/specification.md § "Member routes (login required)",
// § "4. States and transitions", § "Profile editing", § "Siblings",
// § "Sibling form" and § "8. Error catalogue") against the real
// Worker: a freshly registered member edits every tab and their siblings.

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole("tab", { name, exact: true }).click();
  const panel = page.getByRole("tabpanel", { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** A sibling's name as listed: a table cell on wide screens, a card's title on phones. */
function listedSibling(panel: Locator, name: string): Locator {
  return panel.locator("td, li > p").filter({ visible: true, hasText: new RegExp(`^${name}$`) });
}

/** A member just registered through the API, signed in on /edit_profile: its Personal tab, filled in. */
async function personalTabOfNewMember(page: Page, request: APIRequestContext, testInfo: TestInfo): Promise<Locator> {
  const member = await registerThroughApi(request, testInfo);
  await signIn(page, member.pid, member.password);
  await page.goto("/edit_profile");
  const personal = page.getByRole("tabpanel", { name: "Personal" });
  await expect(field(personal, "Name")).toHaveValue("Sravani");
  return personal;
}

async function saveAndExpect(panel: Locator, message: string): Promise<void> {
  const alert = panel.getByText(message, { exact: true });
  await panel.getByRole("button", { name: "Save", exact: true }).click();
  await expect(alert).toBeVisible();
}

test.describe("edit profile", () => {
  test("a member edits every tab and sees each success message", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);

    if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL(/\/edit_profile$/);
    await expect(page).toHaveTitle(/^Edit profile\b/);
    await expect(page.getByRole("heading", { level: 1, name: `Update Profile ID: ${member.pid}` })).toBeVisible();

    // Tabs: the five of § "Member routes (login required)", Personal first; arrows move between them.
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveText(["Personal", "Education", "Profession", "Parent details", "Sibling details"]);
    await expect(page.getByRole("tab", { name: "Personal" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Personal" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Education" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Education" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Personal" })).toHaveAttribute("aria-selected", "true");

    // Personal: prefilled; gender, dob, tob and height cannot be changed.
    const personal = page.getByRole("tabpanel", { name: "Personal" });
    await expect(field(personal, "Name")).toHaveValue("Sravani");
    await expect(field(personal, "Date of Birth")).toHaveValue("14/02/1997");
    await expect(field(personal, "Time of Birth")).toHaveValue("6:05 AM");
    for (const label of ["Gender", "Date of Birth", "Time of Birth", "Height"]) await expect(field(personal, label)).toBeDisabled();
    await expect(field(personal, "Height")).toHaveValue("16");
    // Why they are locked, and how to have them corrected (ADR 0022).
    await expect(personal.getByText("The agency corrects this")).toHaveCount(4);
    await expect(personal.getByText(/cannot be changed here: matches and matching points are worked out from them/)).toBeVisible();
    await expect(personal.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+91\d{10}$/);
    const whatsapp = personal.getByRole("link", { name: /Chat on WhatsApp/ });
    expect(decodeURIComponent((await whatsapp.getAttribute("href")) ?? "")).toContain(`Profile ID ${member.pid}: please correct my profile.`);
    await expect(personal.getByRole("img", { name: "Your current photo" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "edit-personal");

    await field(personal, "Name").fill("Sravani Devi");
    // Raasis show their Telugu names (ours).
    await field(personal, "Raasi").selectOption({ label: "Mithunam (Gemini) – మిథునం" });
    await field(personal, "Change photo").setInputFiles(jpegFile("new-portrait.jpg", 480, 640));
    await expect(personal.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
    await saveAndExpect(personal, MESSAGES.personalSaved);
    await screenshot(page, testInfo, "edit-personal-saved", false);
    // § "4. States and transitions": the alert shows for 3 s.
    await expect(personal.getByText(MESSAGES.personalSaved)).toBeHidden({ timeout: 5000 });

    // Education.
    const education = await openTab(page, "Education");
    // A qualification belongs to one level: another level starts it over.
    await field(education, "Education Level").selectOption({ label: "Intermediate (12th)" });
    await field(education, "Qualification").selectOption({ index: 1 });
    await field(education, "Education Level").selectOption({ label: "Graduate" });
    await expect(field(education, "Qualification")).toHaveValue("");
    await field(education, "Qualification").selectOption({ index: 1 });
    await field(education, "Education Details").fill("B.Sc (Computers), Andhra University, 2018");
    await saveAndExpect(education, MESSAGES.educationSaved);
    await screenshot(page, testInfo, "edit-education");

    // Profession: type 5 hides the working details; abroad shows country, city and visa.
    const profession = await openTab(page, "Profession");
    await expect(field(profession, "Profession Type")).toHaveValue("1");
    await field(profession, "Profession Type").selectOption({ label: "Not Working" });
    await expect(field(profession, "Working In")).toHaveCount(0);
    await expect(field(profession, "Profession Details")).toHaveCount(0);
    await field(profession, "Profession Type").selectOption({ label: "Private Job" });
    await field(profession, "Working In").selectOption({ label: "Abroad" });
    await field(profession, "Working Country").selectOption({ label: "USA" });
    await field(profession, "Working City (abroad)").fill("Dallas");
    await field(profession, "Visa Status").selectOption({ label: "H1B" });
    await field(profession, "Profession Details").fill("QA Engineer, Dallas");
    await saveAndExpect(profession, MESSAGES.professionSaved);
    await screenshot(page, testInfo, "edit-profession");

    // Parent details: the districts follow the state.
    const parents = await openTab(page, "Parent details");
    await expect(field(parents, "Father Name")).toHaveValue("Kondapalli Subba Rao");
    await field(parents, "Father Profession").fill("Retired Headmaster");
    await field(parents, "Native State").selectOption({ label: "Telangana" });
    await expect(field(parents, "Native District")).toHaveValue("");
    await field(parents, "Native District").selectOption({ index: 1 });
    await field(parents, "Email").fill("sravani@example.com");
    await saveAndExpect(parents, MESSAGES.parentsSaved);
    await screenshot(page, testInfo, "edit-parents");

    // Everything was stored: a fresh load shows the new values.
    await page.reload();
    await expect(field(page.getByRole("tabpanel", { name: "Personal" }), "Name")).toHaveValue("Sravani Devi");
    await expect(field(page.getByRole("tabpanel", { name: "Personal" }), "Raasi")).toHaveValue("3");
    const reloadedProfession = await openTab(page, "Profession");
    await expect(field(reloadedProfession, "Working City (abroad)")).toHaveValue("Dallas");
    const reloadedParents = await openTab(page, "Parent details");
    await expect(field(reloadedParents, "Father Profession")).toHaveValue("Retired Headmaster");
    await expect(field(reloadedParents, "Native State")).toHaveValue("2");
    await expect(field(reloadedParents, "Native District")).not.toHaveValue("");

    // Back goes one step back: to the search the member came from.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test("a new star or padham brings its raasi, which the member may still choose", async ({ page, request }, testInfo) => {
    const personal = await personalTabOfNewMember(page, request, testInfo);
    // Mrigasira (5) padham 1 is in Vrishabham (2), its padham 4 in Mithunam (3).
    await field(personal, "Star").selectOption("5");
    await field(personal, "Padham").selectOption("1");
    await expect(field(personal, "Raasi")).toHaveValue("2");
    await field(personal, "Padham").selectOption("4");
    await expect(field(personal, "Raasi")).toHaveValue("3");
    await saveAndExpect(personal, MESSAGES.personalSaved);
    await page.reload();
    const reloaded = page.getByRole("tabpanel", { name: "Personal" });
    await expect(field(reloaded, "Star")).toHaveValue("5");
    await expect(field(reloaded, "Raasi")).toHaveValue("3");
    // A raasi the member chooses is kept as chosen.
    await field(reloaded, "Raasi").selectOption("4");
    await saveAndExpect(reloaded, MESSAGES.personalSaved);
    await page.reload();
    await expect(field(page.getByRole("tabpanel", { name: "Personal" }), "Raasi")).toHaveValue("4");
  });

  test("leaving with a change not saved asks first, on any tab; once saved, the screen is left without a question", async ({ page, request }, testInfo) => {
    const personal = await personalTabOfNewMember(page, request, testInfo);
    const searchLink = async () => {
      if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search Profiles" }).click();
    };
    await field(personal, "Place of Birth").fill("Vijayawada");
    // Another tab: the change waits on the hidden one.
    await openTab(page, "Education");
    await page.getByRole("button", { name: "Back", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Leave this page?" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "No, stay here" }).click();
    await expect(page).toHaveURL(/\/edit_profile$/);
    const again = await openTab(page, "Personal");
    await expect(field(again, "Place of Birth")).toHaveValue("Vijayawada");

    await saveAndExpect(again, MESSAGES.personalSaved);
    await searchLink();
    await expect(page).toHaveURL(/\/search$/);
    await expect(question).toHaveCount(0);
  });

  test("saving one tab keeps what was typed, not yet saved, on the others; the saved tab is clean again", async ({ page, request }, testInfo) => {
    const personal = await personalTabOfNewMember(page, request, testInfo);
    await field(personal, "Place of Birth").fill("Vijayawada");
    const education = await openTab(page, "Education");
    await field(education, "Education Details").fill("B.Sc (Computers), Andhra University, 2018");
    await saveAndExpect(education, MESSAGES.educationSaved);
    // The saved profile comes back to every tab: the Personal change not saved stays as typed.
    const again = await openTab(page, "Personal");
    await expect(field(again, "Place of Birth")).toHaveValue("Vijayawada");
    await saveAndExpect(again, MESSAGES.personalSaved);
    const educationAgain = await openTab(page, "Education");
    await expect(field(educationAgain, "Education Details")).toHaveValue("B.Sc (Computers), Andhra University, 2018");
    // The other way round, after a Personal save: the Profession change not saved stays too.
    const profession = await openTab(page, "Profession");
    await field(profession, "Profession Details").fill("QA Engineer, Hyderabad");
    const personalAgain = await openTab(page, "Personal");
    await field(personalAgain, "Place of Birth").fill("Guntur");
    await saveAndExpect(personalAgain, MESSAGES.personalSaved);
    await expect(field(await openTab(page, "Profession"), "Profession Details")).toHaveValue("QA Engineer, Hyderabad");
    await saveAndExpect(page.getByRole("tabpanel", { name: "Profession" }), MESSAGES.professionSaved);
    // All saved: nothing is left to ask about on leaving.
    if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search Profiles" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("dialog", { name: "Leave this page?" })).toHaveCount(0);
  });

  test("a failed save shows the error alert with the agency's name", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const agency = (await page.locator('meta[name="agency-name"]').getAttribute("content")) ?? "";
    expect(agency).not.toBe("");

    await page.route("**/api/profile_education_data", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong.", code: "INTERNAL" }) }),
    );
    const education = await openTab(page, "Education");
    await saveAndExpect(education, fillMessage(MESSAGES.editSaveFailed, { agency }));
    await screenshot(page, testInfo, "edit-save-failed", false);
  });

  test("Save waits while a chosen photo is checked, then saves the photo", async ({ page, request }, testInfo) => {
    const personal = await personalTabOfNewMember(page, request, testInfo);
    const current = personal.getByRole("img", { name: "Your current photo" });
    const currentSrc = await current.getAttribute("src");

    // The check (web/lib/photo.ts) decodes the photo: held here as on a slow phone.
    await page.evaluate(() => {
      const decode = HTMLImageElement.prototype.decode;
      const held = new Promise<void>((resolve) => Reflect.set(window, "releasePhotoCheck", resolve));
      HTMLImageElement.prototype.decode = async function (this: HTMLImageElement) {
        await held;
        return decode.call(this);
      };
    });
    await field(personal, "Change photo").setInputFiles(jpegFile("slow-portrait.jpg", 480, 640));
    await expect(personal.getByRole("button", { name: "Checking the photo..." })).toBeDisabled();
    await page.evaluate(() => (Reflect.get(window, "releasePhotoCheck") as () => void)());
    await expect(personal.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
    await saveAndExpect(personal, MESSAGES.personalSaved);
    await expect(current).toHaveAttribute("src", /^\/images\//);
    await expect(current).not.toHaveAttribute("src", currentSrc ?? "");
  });

  test("a refused photo can be taken back, and the other changes are saved with the current photo", async ({ page, request }, testInfo) => {
    const personal = await personalTabOfNewMember(page, request, testInfo);
    const currentSrc = await personal.getByRole("img", { name: "Your current photo" }).getAttribute("src");

    await field(personal, "Name").fill("Sravani Devi");
    await field(personal, "Change photo").setInputFiles(pngRenamedJpg());
    await expect(personal.getByText(PHOTO_MESSAGES.jpegOnly, { exact: true })).toBeVisible();
    await personal.getByRole("button", { name: "Don't change the photo" }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "edit-photo-refused", false);
    await personal.getByRole("button", { name: "Don't change the photo" }).click();
    await expect(personal.getByText(PHOTO_MESSAGES.jpegOnly, { exact: true })).toHaveCount(0);
    await expect(personal.getByRole("button", { name: "Don't change the photo" })).toHaveCount(0);
    await expect(field(personal, "Change photo")).toBeFocused();
    await saveAndExpect(personal, MESSAGES.personalSaved);
    await page.reload();
    const reloaded = page.getByRole("tabpanel", { name: "Personal" });
    await expect(field(reloaded, "Name")).toHaveValue("Sravani Devi");
    await expect(reloaded.getByRole("img", { name: "Your current photo" })).toHaveAttribute("src", currentSrc ?? "");
  });

  test("a member adds, edits and deletes a sibling, and says they have none", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const panel = await openTab(page, "Sibling details");
    const noSiblings = panel.getByRole("checkbox", { name: "I have no siblings" });
    await expect(noSiblings).not.toBeChecked();
    await expect(panel.getByText("No siblings added yet.")).toBeVisible();

    // Add: the form's messages first (§ "Sibling form").
    await panel.getByRole("button", { name: "Add Sibling" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Sibling" });
    await expect(dialog).toBeVisible();
    await expect(field(dialog, "Relation")).toBeFocused();
    await dialog.getByRole("button", { name: "Save" }).click();
    for (const message of [SIBLING_MESSAGES.siblingType, SIBLING_MESSAGES.name, SIBLING_MESSAGES.maritalStatus]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    // "Doing Job" and "Other Details" share the text "Required *".
    await expect(dialog.getByText(SIBLING_MESSAGES.working, { exact: true })).toHaveCount(2);
    await screenshot(page, testInfo, "edit-sibling-required", false);
    await expectNoSeriousViolations(page);

    await field(dialog, "Relation").selectOption({ label: "Elder Brother" });
    await field(dialog, "Name").fill("Srinivas");
    await field(dialog, "Marital Status").selectOption({ label: "Married" });
    await field(dialog, "Doing Job").selectOption({ label: "Working" });
    await field(dialog, "Other Details").fill("Bank Manager, Vijayawada");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(listedSibling(panel, "Srinivas")).toBeVisible();
    await expect(panel.getByText("Bank Manager, Vijayawada").filter({ visible: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "edit-siblings");

    // Edit.
    await panel.getByRole("button", { name: "Edit Srinivas" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Sibling" });
    await expect(field(editDialog, "Name")).toHaveValue("Srinivas");
    await field(editDialog, "Name").fill("Srinivasa Rao");
    await editDialog.getByRole("button", { name: "Save" }).click();
    await expect(editDialog).toHaveCount(0);
    await expect(listedSibling(panel, "Srinivasa Rao")).toBeVisible();

    // Delete, after a confirmation.
    await panel.getByRole("button", { name: "Delete Srinivasa Rao" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete sibling" });
    await expect(confirm).toContainText(MESSAGES.areYouSure);
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(listedSibling(panel, "Srinivasa Rao")).toHaveCount(0);
    await expect(panel.getByText("No siblings added yet.")).toBeVisible();

    // "I have no siblings" hides the list and the add button (§ "Member routes (login required)"), and is stored.
    await noSiblings.check();
    await expect(panel.getByText(/To add siblings, uncheck “I have no siblings”/)).toBeVisible();
    await expect(panel.getByRole("button", { name: "Add Sibling" })).toHaveCount(0);
    await screenshot(page, testInfo, "edit-no-siblings", false);
    await page.reload();
    const reloaded = await openTab(page, "Sibling details");
    await expect(reloaded.getByRole("checkbox", { name: "I have no siblings" })).toBeChecked();
    await reloaded.getByRole("checkbox", { name: "I have no siblings" }).uncheck();
    await expect(reloaded.getByRole("button", { name: "Add Sibling" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("a sibling that cannot be saved or deleted says so and keeps what was typed", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const panel = await openTab(page, "Sibling details");

    // The connection drops while saving: the dialog stays open with the typed details.
    await page.route("**/api/sibling", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
    await panel.getByRole("button", { name: "Add Sibling" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Sibling" });
    await field(dialog, "Relation").selectOption({ label: "Younger Sister" });
    await field(dialog, "Name").fill("Lakshmi");
    await field(dialog, "Marital Status").selectOption({ label: "Unmarried" });
    await field(dialog, "Doing Job").selectOption({ label: "Not working" });
    await field(dialog, "Other Details").fill("Studying B.Tech, Guntur");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The sibling was not added. Could not reach the server. Please check your internet connection. Please try again.");
    await expect(field(dialog, "Name")).toHaveValue("Lakshmi");
    await expect(field(dialog, "Other Details")).toHaveValue("Studying B.Tech, Guntur");
    await screenshot(page, testInfo, "edit-sibling-failed", false);

    // Back online, the same Save adds it and the message goes.
    await page.unroute("**/api/sibling");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(listedSibling(panel, "Lakshmi")).toBeVisible();

    // A delete the server refuses keeps the confirmation open and says why.
    await page.route("**/api/sibling?*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { error: "Something went wrong on the server.", code: "INTERNAL" } }) : route.fallback(),
    );
    await panel.getByRole("button", { name: "Delete Lakshmi" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete sibling" });
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await expect(confirm.getByRole("alert")).toHaveText("The sibling was not deleted. Something went wrong on the server. Please try again.");
    await confirm.getByRole("button", { name: "No" }).click();
    await expect(listedSibling(panel, "Lakshmi")).toBeVisible();

    // "I have no siblings" that is not stored says so beside the box.
    await page.route("**/api/has_sibling", (route) => route.abort("timedout"));
    await panel.getByRole("checkbox", { name: "I have no siblings" }).click();
    await expect(panel.getByRole("alert")).toContainText("Your choice was not saved.");
    await expect(panel.getByRole("checkbox", { name: "I have no siblings" })).not.toBeChecked();
  });

  test("the sibling dialog closes only with Cancel, and a save that fails after it closed is said in the panel", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const panel = await openTab(page, "Sibling details");
    await panel.getByRole("button", { name: "Add Sibling" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Sibling" });
    await field(dialog, "Name").fill("Lakshmi");

    // Escape and a tap beside the dialog keep it, with what was typed.
    await page.keyboard.press("Escape");
    await page.mouse.click(4, 4);
    await expect(dialog).toBeVisible();
    await expect(field(dialog, "Name")).toHaveValue("Lakshmi");

    await field(dialog, "Relation").selectOption({ label: "Younger Sister" });
    await field(dialog, "Marital Status").selectOption({ label: "Unmarried" });
    await field(dialog, "Doing Job").selectOption({ label: "Not working" });
    await field(dialog, "Other Details").fill("Studying B.Tech, Guntur");
    // The save is held, then refused, after the member pressed Cancel.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/sibling", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await held;
      return route.fulfill({ status: 500, json: { error: "Something went wrong on the server.", code: "INTERNAL" } });
    });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    release();
    await expect(panel.getByRole("alert")).toHaveText("The sibling was not added. Something went wrong on the server. Please try again.");
    await screenshot(page, testInfo, "edit-sibling-failed-after-cancel", false);

    // Opening the form again starts afresh.
    await panel.getByRole("button", { name: "Add Sibling" }).click();
    await expect(panel.getByRole("alert")).toHaveCount(0);
  });

  test("has no serious or critical accessibility violations, with messages on screen", async ({ page, request }, testInfo) => {
    const personal = await personalTabOfNewMember(page, request, testInfo);
    await field(personal, "Name").fill("");
    await personal.getByRole("button", { name: "Save", exact: true }).click();
    await expect(personal.getByText("Name Required *", { exact: true })).toBeVisible();
    await expect(field(personal, "Name")).toBeFocused();
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "edit-required", false);
  });

  test("a new WhatsApp number is stored once the code sent to it is entered; the password changes with the current one", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const parents = await openTab(page, "Parent details");
    await expect(field(parents, "WhatsApp Number")).toHaveValue(`+91${member.mobile}`);

    // The new number: everything else is saved, the number waits for its code.
    // Numbers of uniqueMobile() start with 9: this one is nobody's.
    const next = `6${member.mobile.slice(1)}`;
    await field(parents, "WhatsApp Number").fill(next);
    await parents.getByRole("button", { name: "Save", exact: true }).click();
    await expect(parents.getByText(`${MESSAGES.parentsSaved} Enter the code sent to +91 ${next.slice(0, 5)} ${next.slice(5)} to change your WhatsApp number.`)).toBeVisible();
    const confirm = parents.getByRole("region", { name: "Confirm your new WhatsApp number" });
    await expect(confirm).toContainText(`Until you enter it, messages still go to +91 ${member.mobile.slice(0, 5)} ${member.mobile.slice(5)}.`);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "edit-new-mobile");
    const code = await codeSentTo(next);
    await field(confirm, "Code from WhatsApp").fill(code === "000000" ? "111111" : "000000");
    await confirm.getByRole("button", { name: "Confirm number" }).click();
    await expect(confirm.getByText("That code is not right. You can try 4 more times.")).toBeVisible();
    await field(confirm, "Code from WhatsApp").fill(code);
    await confirm.getByRole("button", { name: "Confirm number" }).click();
    await expect(parents.getByText(`Your WhatsApp number is now +91 ${next.slice(0, 5)} ${next.slice(5)}.`)).toBeVisible();
    await expect(confirm).toHaveCount(0);

    // The password: the current one proves it is the member.
    const password = page.getByRole("region", { name: "Password" });
    await password.getByRole("button", { name: "Change password" }).click();
    await field(password, "Current password").fill("not-my-password");
    await field(password, "New password").fill("Fresh-pass-77");
    await field(password, "New password again").fill("Fresh-pass-77");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByText("The current password is not right.")).toBeVisible();
    await screenshot(page, testInfo, "edit-change-password", false);
    await field(password, "Current password").fill(member.password);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByText("Your password is changed. Other phones and computers are signed out.")).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, member.pid, "Fresh-pass-77");
  });

  // ADR 0040: an alert is worded at each render, not when it was shown, so a
  // switch of language during its 3 seconds re-words it with the rest of the screen.
  test("the save alerts shown before a switch of language are worded again in the new one", async ({ page, request }, testInfo) => {
    const member = await registerThroughApi(request, testInfo);
    await signIn(page, member.pid, member.password);
    await page.goto("/edit_profile");
    const agency = (await page.locator('meta[name="agency-name"]').getAttribute("content")) ?? "";
    const switchTo = async (language: "en" | "te") => {
      await page.getByTestId("language-switch").click();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
    };
    const alertSays = async (text: string, was: string) => {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByText(was, { exact: true })).toHaveCount(0);
    };
    // Both languages' texts in first, so an alert's 3 seconds are spent on the switch alone.
    await switchTo("te");
    await switchTo("en");

    // "An Error Occurred... Please contact {agency}.", the failed save's alert.
    await page.route("**/api/profile_education_data", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong.", code: "INTERNAL" }) }),
    );
    const education = await openTab(page, en["editProfile.tab.education"]);
    const failedEn = fillMessage(en["editProfile.saveFailed"], { agency });
    await saveAndExpect(education, failedEn);
    await switchTo("te");
    const failedTe = fillMessage(te["editProfile.saveFailed"], { agency });
    await alertSays(failedTe, failedEn);
    await page.getByText(failedTe, { exact: true }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-edit-alert-switched-failed", false);

    // The parents' save that waits for the new WhatsApp number's code, worded with the number.
    const next = `6${member.mobile.slice(1)}`;
    const nextShown = `+91 ${next.slice(0, 5)} ${next.slice(5)}`;
    await switchTo("en");
    const parents = await openTab(page, en["editProfile.tab.parents"]);
    await field(parents, "WhatsApp Number").fill(next);
    const waitingEn = fillMessage(en["editProfile.parentsSavedConfirmMobile"], { mobile: nextShown });
    await saveAndExpect(parents, waitingEn);
    await switchTo("te");
    const waitingTe = fillMessage(te["editProfile.parentsSavedConfirmMobile"], { mobile: nextShown });
    await alertSays(waitingTe, waitingEn);
    await page.getByText(waitingTe, { exact: true }).scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "te-edit-alert-switched-saved", false);

    // The number confirmed by its code, in Telugu, then worded in English.
    const telugu = page.getByRole("tabpanel", { name: te["editProfile.tab.parents"], exact: true });
    await field(telugu, te["setPassword.code"]).fill(await codeSentTo(next));
    await telugu.getByRole("button", { name: te["editProfile.confirmMobile.submit"] }).click();
    const confirmedTe = fillMessage(te["editProfile.mobileConfirmed"], { mobile: nextShown });
    await expect(page.getByText(confirmedTe, { exact: true })).toBeVisible();
    await switchTo("en");
    await alertSays(fillMessage(en["editProfile.mobileConfirmed"], { mobile: nextShown }), confirmedTe);
  });

  // Telugu mode (ADR 0040): the device chose Telugu before signing in, so the
  // member's saved language is never touched; every tab, the password,
  // sessions and consents are in Telugu, hold at 390 px, and pass axe.
  test("in Telugu, every tab, the password, sessions and consents read in Telugu", async ({ page, context, request }, testInfo) => {
    // Signs in, then walks all four tabs, the password, the sessions and the consents: about 25 s of
    // steps on a loaded 2-core machine, past the 30 s default when the machine is busier still.
    test.slow();
    const member = await registerThroughApi(request, testInfo);
    await chooseTelugu(context);
    await page.goto("/login");
    await page.getByLabel(te["signIn.profileId"]).fill(String(member.pid));
    await page.getByLabel(te["signIn.password"], { exact: true }).fill(member.password);
    await page.getByRole("button", { name: te["login.submit"], exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);

    await page.goto("/edit_profile");
    await expect(page.getByRole("heading", { level: 1, name: te["editProfile.heading"].replace("{pid}", String(member.pid)) })).toBeVisible();
    const personal = page.getByRole("tabpanel", { name: te["editProfile.tab.personal"] });
    await expect(field(personal, te["registration.name"])).toHaveValue("Sravani");
    await expect(personal.getByText(te["editProfile.lockedHint"])).toHaveCount(4);
    await expect(page.getByRole("heading", { name: te["editProfile.sessions.heading"] })).toBeVisible();
    await expect(page.getByRole("heading", { name: te["editProfile.consents.heading"] })).toBeVisible();
    await expectTeluguScreen(page);
    await screenshot(page, testInfo, "te-edit-profile");

    // One change saved: the raasi by its Telugu name, and the Telugu success message.
    await field(personal, te["fullProfile.raasi"]).selectOption({ label: "మిథునం" });
    await personal.getByRole("button", { name: te["editProfile.save"], exact: true }).click();
    await expect(personal.getByText(te["editProfile.personalSaved"], { exact: true })).toBeVisible();
    await expectAllTelugu(page);
    await screenshot(page, testInfo, "te-edit-profile-saved", false);

    for (const tab of [te["editProfile.tab.education"], te["editProfile.tab.profession"], te["editProfile.tab.parents"]]) {
      await openTab(page, tab);
      await expectTeluguScreen(page);
    }
    await screenshot(page, testInfo, "te-edit-parents");

    const siblings = await openTab(page, te["editProfile.tab.siblings"]);
    await siblings.getByRole("button", { name: te["editProfile.siblings.add"] }).click();
    const dialog = page.getByRole("dialog", { name: te["editProfile.siblings.add"] });
    await dialog.getByRole("button", { name: te["editProfile.save"], exact: true }).click();
    await expect(dialog.getByText(SIBLING_MESSAGES.siblingType)).toHaveCount(0);
    await expectTeluguScreen(page);
    await screenshot(page, testInfo, "te-edit-sibling", false);
    await dialog.getByRole("button", { name: te["editProfile.cancel"] }).click();

    await page.getByRole("button", { name: te["editProfile.password.change"] }).click();
    await expect(page.getByRole("textbox", { name: te["editProfile.password.current"] })).toBeVisible();
    await expectTeluguScreen(page);
    await screenshot(page, testInfo, "te-edit-password");
  });
});

/** The screen in Telugu: catalogue texts only, no axe violation of any impact, nothing wider than the screen. */
async function expectTeluguScreen(page: Page): Promise<void> {
  await expectAllTelugu(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
  await expectNoHorizontalOverflow(page);
}
