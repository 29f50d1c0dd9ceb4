import { expect, test, type Page } from "@playwright/test";
import { MESSAGES } from "#shared/messages.ts";
import { FORMAT, REQUIRED } from "#shared/schemas/profile-fields.ts";
import { PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { expectNoHorizontalOverflow, expectNoSeriousViolations, field, jpegFile, pngRenamedJpg, registerThroughApi, screenshot, signIn, uniqueMobile } from "./support/members.ts";
import { codeSentTo } from "./support/whatsapp.ts";

/** How the page writes an Indian number: +91 98765 43210. */
const spokenMobile = (mobile: string) => `+91 ${mobile.slice(-10, -5)} ${mobile.slice(-5)}`;

// /new_registration (docs/specification.md § "Anonymous routes",
// § "Registration / profile write fields", § "Registration", § "Other rules",
// § "8. Error catalogue" and § "9. Business constants and limits") against the
// real Worker: a visitor registers with a photo, gets a Profile ID on its own
// page, receives a code on WhatsApp (the Cloud API stand-in), sets a password
// and is signed in (ADR 0021).

const REGISTRATION_PATH = "/api/save_new_registration";

async function openForm(page: Page): Promise<void> {
  await page.goto("/new_registration");
  await expect(page.getByRole("heading", { level: 1, name: "New Member Registration" })).toBeVisible();
  // The reference lists have arrived once a list-backed select has options.
  await expect(field(page, "Star").locator("option")).not.toHaveCount(1);
  // The date and time pickers come in their own chunk, after the form.
  await expect(page.locator(".date-picker-wrapper")).toHaveCount(2);
}

/** A bride's first fields, photo included: what the tests below leave alone. */
async function fillBrideBasics(page: Page, photo: string): Promise<void> {
  await field(page, "Gender").selectOption("F");
  await field(page, "Marriage").selectOption("1");
  await field(page, "Name").fill("Sravani");
  await field(page, "Surname").fill("Kondapalli");
  await field(page, "Height").selectOption({ index: 16 });
  await field(page, "Religion").selectOption("1");
  await field(page, "Subcaste").selectOption("1");
  await field(page, "Photo").setInputFiles(jpegFile(photo, 300, 400));
}

/** Every required field of a bride's registration, the notice acknowledged. */
async function fillBride(page: Page, photo: string, mobile: string): Promise<void> {
  await fillBrideBasics(page, photo);
  await field(page, "Date of Birth").fill("14/02/1997");
  await field(page, "Time of Birth").fill("10:30 PM");
  await field(page, "Place of Birth").fill("Guntur");
  await field(page, "Star").selectOption("4");
  await field(page, "Padham").selectOption("1");
  await field(page, "Education Details").fill("B.Com");
  await field(page, "Profession Type").selectOption({ label: "Not Working" });
  await field(page, "Father Name").fill("Subba Rao");
  await field(page, "Father Profession").fill("Farmer");
  await field(page, "Mother Name").fill("Lakshmi");
  await field(page, "Mother Profession").fill("Home Maker");
  await field(page, "WhatsApp Number").fill(mobile);
  await field(page, "Address").fill("Guntur");
  await page.getByRole("checkbox", { name: "I have read the privacy notice and agree to it" }).check();
}

test.describe("new registration", () => {
  test("a visitor registers with a photo, sees the Profile ID, sets a password with the code from WhatsApp and is signed in", async ({ page }, testInfo) => {
    // The whole journey: the form, the photo, the code, the password, a second sign-in and the
    // edit form read back: about 25 s of steps on a loaded 2-core machine.
    test.slow();
    const mobile = uniqueMobile(testInfo);
    await openForm(page);
    await expect(page).toHaveTitle(/^New Registration\b/);
    // The date picker is not part of the first load; it arrives with the form.
    await screenshot(page, testInfo, "registration-empty");

    await field(page, "Gender").selectOption("M");
    await field(page, "Marriage").selectOption("1");
    await field(page, "Name").fill("Venkata Ramana");
    await field(page, "Surname").fill("Kondapalli");
    await field(page, "Height").selectOption({ label: "5 ft 8 in - 173 cm" });
    await field(page, "Religion").selectOption("1");
    await field(page, "Subcaste").selectOption("1");
    await field(page, "Photo").setInputFiles(jpegFile("portrait.jpg", 600, 800));
    await expect(page.getByRole("img", { name: "Preview of the chosen photo" })).toBeVisible();
    await expect(page.getByText(MESSAGES.landscapeHint)).toHaveCount(0);

    // The date and time can be typed as well as picked.
    await field(page, "Date of Birth").fill("03/11/1993");
    await field(page, "Time of Birth").click();
    // The time list steps by one minute (§ "9. Business constants and limits").
    await expect(page.getByRole("option", { name: "12:01 AM", exact: true })).toBeAttached();
    await screenshot(page, testInfo, "registration-time-picker", false);
    await field(page, "Time of Birth").fill("6:05 AM");
    await field(page, "Place of Birth").click();
    await field(page, "Place of Birth").fill("Rajahmundry");
    // Stars show their Telugu names (ours).
    await field(page, "Star").selectOption({ label: "Rohini – రోహిణి" });
    await field(page, "Padham").selectOption("2");

    await field(page, "Education Details").fill("B.Tech (Computer Science), JNTU Kakinada");
    // Profession type 5 hides the working and profession details (§ "Other rules").
    await field(page, "Profession Type").selectOption({ label: "Not Working" });
    await expect(field(page, "Working In")).toHaveCount(0);
    await expect(field(page, "Profession Details")).toHaveCount(0);
    await field(page, "Profession Type").selectOption({ label: "Private Job" });
    await field(page, "Working In").selectOption("2");
    await expect(field(page, "Working Country")).toBeVisible();
    await expect(field(page, "Visa Status")).toBeVisible();
    await expect(field(page, "Annual Income (Lakhs per annum)")).toHaveCount(0);
    await field(page, "Working In").selectOption("1");
    await expect(field(page, "Working Country")).toHaveCount(0);
    await field(page, "Annual Income (Lakhs per annum)").selectOption({ index: 6 });
    await field(page, "Working City").selectOption({ index: 1 });
    await field(page, "Profession Details").fill("Software Engineer, Infosys, Hyderabad");

    await field(page, "Father Name").fill("Kondapalli Subba Rao");
    await field(page, "Father Profession").fill("Retired Teacher");
    await field(page, "Mother Name").fill("Kondapalli Lakshmi");
    await field(page, "Mother Profession").fill("Home Maker");
    // § "Registration / profile write fields": the native country defaults to 1 (India).
    await expect(field(page, "Native Country")).toHaveValue("1");
    await expect(field(page, "Native District")).toBeDisabled();
    await field(page, "Native State").selectOption({ label: "Andhra Pradesh" });
    await field(page, "Native District").selectOption({ index: 1 });
    await field(page, "Residing City / Place").fill("Hyderabad");

    await field(page, "WhatsApp Number").fill(mobile);
    await field(page, "Email").fill(`ramana.${mobile}@example.com`);
    await field(page, "Address").fill("12-3-45, Gandhi Nagar, Rajahmundry");
    await expectNoHorizontalOverflow(page);
    // The privacy notice's acknowledgement (ADR 0033); the two consents stay optional.
    await page.getByRole("checkbox", { name: "I have read the privacy notice and agree to it" }).check();
    await screenshot(page, testInfo, "registration-filled");

    // Held back a moment so that the saving state can be seen.
    await page.route(`**${REGISTRATION_PATH}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();

    // A page, not a dialog (ADR 0021): the Profile ID large, the code's way, the field to enter it.
    await expect(page).toHaveURL(/\/registered\?pid=\d+$/);
    await expect(page).toHaveTitle(/^Registered\b/);
    const pid = Number(await page.getByTestId("registered-pid").textContent());
    expect(pid).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Registration complete" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy the Profile ID" })).toBeVisible();
    // The Cloud API sends the code at once: it lasts 10 minutes.
    await expect(
      page.getByText(
        `A 6-digit code is on its way to your WhatsApp number ${spokenMobile(mobile)} from Sri Lakshmi Marriage Bureau. It comes in a minute or two and works for 10 minutes.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Send a new code \(in \d+ s\)$/ })).toBeDisabled();
    await expect(page.getByRole("link", { name: /^Call \+91/ })).toHaveAttribute("href", /^tel:\+91\d{10}$/);
    await expect(page.getByRole("link", { name: /^Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/91\d{10}\?text=/);
    await expect(page.getByRole("link", { name: "Set the password later: go to Login" })).toHaveAttribute("href", `/login?pid=${pid}`);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "registration-registered");

    // The code reached the member's WhatsApp; a wrong one says so, the right one signs in.
    const code = await codeSentTo(mobile);
    await field(page, "Code from WhatsApp").fill(code === "000000" ? "111111" : "000000");
    await field(page, "New password").fill("Ramana-1993");
    await field(page, "New password again").fill("Ramana-1993");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right. You can try 4 more times.");
    await field(page, "Code from WhatsApp").fill(code);
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(page).toHaveURL(/\/search$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("currentUser") ?? "null"))).toMatchObject({ pid });

    // The password is the member's own from now on.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, pid, "Ramana-1993");

    // What was typed is what was stored: the edit screen shows it back.
    await page.goto("/edit_profile");
    const personal = page.getByRole("tabpanel", { name: "Personal" });
    await expect(field(personal, "Name")).toHaveValue("Venkata Ramana");
    await expect(field(personal, "Date of Birth")).toHaveValue("03/11/1993");
    await expect(field(personal, "Time of Birth")).toHaveValue("6:05 AM");
    await expect(field(personal, "Star")).toHaveValue("4");
  });

  test("an empty submit shows the banner and every required message, and focuses the first field", async ({ page }, testInfo) => {
    const requests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === REGISTRATION_PATH) requests.push(request.url());
    });
    await openForm(page);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByText(MESSAGES.requiredFieldsBanner, { exact: true })).toBeVisible();
    for (const message of [...Object.values(REQUIRED), PHOTO_MESSAGES.required]) {
      await expect(page.getByText(message, { exact: true }), message).toBeVisible();
    }
    await expect(field(page, "Gender")).toBeFocused();
    await expect(field(page, "Gender")).toHaveAttribute("aria-invalid", "true");
    await expectNoHorizontalOverflow(page);
    await screenshot(page, testInfo, "registration-required", false);
    await expectNoSeriousViolations(page);

    // § "9. Business constants and limits": the banner shows for 5 s.
    await expect(page.getByText(MESSAGES.requiredFieldsBanner, { exact: true })).toBeHidden({ timeout: 7000 });
    await screenshot(page, testInfo, "registration-required-full");
    expect(requests).toEqual([]);
  });

  test("a PNG renamed .jpg is refused, and a landscape photo shows the hint", async ({ page }, testInfo) => {
    await openForm(page);
    const photo = field(page, "Photo");

    await photo.setInputFiles(pngRenamedJpg());
    await expect(page.getByText(PHOTO_MESSAGES.jpegOnly, { exact: true })).toBeVisible();
    await expect(photo).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("img", { name: "Preview of the chosen photo" })).toHaveCount(0);

    await photo.setInputFiles(jpegFile("landscape.jpg", 1200, 800));
    await expect(page.getByText(PHOTO_MESSAGES.jpegOnly, { exact: true })).toHaveCount(0);
    const preview = page.getByRole("img", { name: "Preview of the chosen photo" });
    await expect(preview).toBeVisible();
    await expect(page.getByText(MESSAGES.landscapeHint, { exact: true })).toBeVisible();
    // § "9. Business constants and limits": the preview is at most 300 px wide.
    expect((await preview.boundingBox())?.width).toBeLessThanOrEqual(300);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "registration-landscape", false);
  });

  test("the date picker opens with month and year dropdowns", async ({ page }, testInfo) => {
    await openForm(page);
    await field(page, "Date of Birth").click();
    const calendar = page.locator(".react-datepicker");
    await expect(calendar).toBeVisible();
    await calendar.getByRole("combobox", { name: "Year" }).selectOption("1995");
    await calendar.getByRole("combobox", { name: "Month" }).selectOption({ label: "August" });
    await calendar.getByRole("gridcell", { name: /August 15th, 1995/ }).click();
    await expect(field(page, "Date of Birth")).toHaveValue("15/08/1995");
    await expect(calendar).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await field(page, "Date of Birth").click();
    await expect(calendar.getByRole("gridcell", { name: /August 15th, 1995/ })).toHaveAttribute("aria-selected", "true");
    // The open calendar, too, is usable with a screen reader.
    await expectNoSeriousViolations(page);
    await screenshot(page, testInfo, "registration-date-picker", false);
  });

  test("a date typed beyond the calendar's years opens it within them, its header naming the month and year the grid shows", async ({ page }) => {
    await openForm(page);
    const calendar = page.locator(".react-datepicker");
    // Where it opens when nothing is typed (web/components/ui/date-picker-control.tsx defaultOpenDate).
    const [month, year] = ["January", new Date().getFullYear() - 25];
    for (const typed of [`15/08/${new Date().getFullYear() + 4}`, "15/08/1850"]) {
      await field(page, "Date of Birth").fill(typed);
      await field(page, "Date of Birth").click();
      await expect(calendar).toBeVisible();
      // The grid names its month ("Month January, 2001"); the header's selects say the same.
      await expect(calendar.getByRole("rowgroup", { name: `Month ${month}, ${year}` })).toBeVisible();
      await expect(calendar.getByRole("combobox", { name: "Year" })).toHaveValue(String(year));
      await expect(calendar.getByRole("combobox", { name: "Month" }).locator("option:checked")).toHaveText(month);
      // What was typed stays for the schema to refuse.
      await expect(field(page, "Date of Birth")).toHaveValue(typed);
      await page.keyboard.press("Escape");
      await expect(calendar).toHaveCount(0);
    }
  });

  // The prerendered form is adopted section by section, and the date picker's code may come after
  // its section's (ADR 0031): typed into before React took it over, the field would lose the text.
  test("a date field shown before its picker's code has arrived takes no typing until it has, then keeps what is typed", async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/date-picker-control-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/new_registration");
    const dob = field(page, "Date of Birth");
    // The section around it is adopted (the reference lists came), the picker's code is held back.
    await expect(field(page, "Star").locator("option")).not.toHaveCount(1);
    await expect(dob).not.toBeEditable();
    release();
    await expect(dob).toBeEditable();
    await dob.fill("15/08/1995");
    await field(page, "Name").click();
    await expect(dob).toHaveValue("15/08/1995");
  });

  test("a failed submit focuses the date of birth without opening the calendar over its message; a tap opens it", async ({ page }, testInfo) => {
    await openForm(page);
    await fillBrideBasics(page, "dob-first.jpg");
    const dob = field(page, "Date of Birth");
    const calendar = page.locator(".react-datepicker");

    // Nothing typed: the required message; then a day that is not in the calendar: its own message.
    for (const [typed, message] of [
      ["", REQUIRED.dob],
      ["31/02/1994", FORMAT.dobNoSuchDay],
    ] as const) {
      await dob.fill(typed);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(dob).toBeFocused();
      await expect(dob).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(calendar).toHaveCount(0);
    }
    await screenshot(page, testInfo, "registration-dob-invalid-focused", false);

    // The member's own tap opens it.
    await dob.click();
    await expect(calendar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(calendar).toHaveCount(0);
    // And so does typing.
    await dob.fill("15/08/1994");
    await expect(calendar).toBeVisible();
  });

  test("a reference list that fails to load is asked for again with Try again, and what was typed stays", async ({ page }, testInfo) => {
    await openForm(page);
    await field(page, "Name").fill("Sravani");
    // The first request for the districts is lost, as on a phone that drops its signal.
    let lost = false;
    await page.route("**/api/districts?*", (route) => {
      if (lost) return route.fallback();
      lost = true;
      return route.abort("internetdisconnected");
    });
    await field(page, "Native State").selectOption({ label: "Andhra Pradesh" });
    const failed = page.getByText("This list could not be loaded. Please check your connection and try again: what you typed stays.");
    await expect(failed).toBeVisible();
    await failed.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "registration-list-failed", false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(field(page, "Native District").locator("option")).not.toHaveCount(1);
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await field(page, "Native District").selectOption({ index: 1 });
    await expect(field(page, "Name")).toHaveValue("Sravani");
  });

  test("a WhatsApp number already registered shows the server's text in the error dialog, then focuses the number", async ({ page, request }, testInfo) => {
    const existing = await registerThroughApi(request, testInfo);
    await openForm(page);
    await fillBride(page, "second.jpg", existing.mobile);
    await page.getByRole("button", { name: "Submit" }).click();

    const dialog = page.getByRole("dialog", { name: "Registration failed" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("already registered");
    await screenshot(page, testInfo, "registration-error", false);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toHaveCount(0);
    // The server's message for the field shows under it too, and the field has the focus.
    await expect(field(page, "WhatsApp Number")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "WhatsApp Number")).toBeFocused();
    await expect(page).toHaveURL(/\/new_registration$/);
  });

  test("a submit that never reaches the server says so, keeps the form, and goes through when sent again", async ({ page }, testInfo) => {
    await openForm(page);
    await fillBride(page, "offline.jpg", uniqueMobile(testInfo));
    // The phone loses its signal as the form is sent.
    await page.route(`**${REGISTRATION_PATH}`, (route) => route.abort("internetdisconnected"), { times: 1 });
    await page.getByRole("button", { name: "Submit" }).click();
    const dialog = page.getByRole("dialog", { name: "Registration failed" });
    await expect(dialog).toContainText("Could not reach the server. Please check your internet connection.");
    await expect(dialog).not.toContainText("already registered");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(field(page, "Father Name")).toHaveValue("Subba Rao");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/registered\?pid=\d+$/);
  });

  test("a date of birth typed as the app shows dates (14-02-1997) is taken, and sent as the API takes it (14/02/1997)", async ({ page }, testInfo) => {
    // Chromium does not hand a multipart body with a file to the test: the form's dob is read as it is put in.
    await page.addInitScript(() => {
      const append = FormData.prototype.append;
      FormData.prototype.append = function (this: FormData, ...args: [name: string, value: string | Blob, fileName?: string]) {
        if (args[0] === "dob") Object.assign(window, { sentDob: args[1] });
        Reflect.apply(append, this, args);
      };
    });
    await openForm(page);
    await fillBride(page, "hyphens.jpg", uniqueMobile(testInfo));
    await field(page, "Date of Birth").fill("14-02-1997");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/registered\?pid=\d+$/);
    expect(await page.evaluate(() => (window as unknown as { sentDob?: unknown }).sentDob)).toBe("14/02/1997");
  });

  test("leaving the form with what was typed asks first: No keeps it, Yes leaves; a reload gets the browser's question", async ({ page }, testInfo) => {
    await openForm(page);
    const loginLink = async () => {
      if (testInfo.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    };
    // Nothing typed: the menu's Login goes straight there.
    await loginLink();
    await expect(page).toHaveURL(/\/login$/);
    await openForm(page);

    await field(page, "Name").fill("Sravani");
    await field(page, "Father Name").fill("Subba Rao");
    await loginLink();
    const question = page.getByRole("dialog", { name: "Leave this page?" });
    await expect(question).toContainText("What you typed here is not saved yet. If you leave now, it is lost.");
    // No, the safe answer, has the focus: a stray Enter keeps the form.
    await expect(question.getByRole("button", { name: "No, stay here" })).toBeFocused();
    await screenshot(page, testInfo, "registration-leave-question", false);
    await question.getByRole("button", { name: "No, stay here" }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\/new_registration$/);
    await expect(field(page, "Name")).toHaveValue("Sravani");
    await expect(field(page, "Father Name")).toHaveValue("Subba Rao");

    // A reload or a closed tab: the browser's own question, which keeps the page when dismissed.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => asked).toEqual(["beforeunload"]);
    await expect(field(page, "Name")).toHaveValue("Sravani");

    // Yes leaves, and the form is not asked about again.
    await loginLink();
    await question.getByRole("button", { name: "Yes, leave" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  });
});
