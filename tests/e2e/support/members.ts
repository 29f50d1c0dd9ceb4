// Helpers of the registration and edit-profile end-to-end tests: test photos,
// unique WhatsApp numbers, registration through the API, sign-in,
// screenshots and the accessibility check.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jpeg from "jpeg-js";
import type { RegistrationResult } from "#shared/api-types.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";
import { codeSentTo } from "./whatsapp.ts";

/**
 * A form control by its label, exactly: "Name" must not find "Father Name".
 * Required fields' labels end in a "*" that is hidden from screen readers
 * (the control says it is required), so the label may end in " *".
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}(?: \\*)?$`));
}

/** The e2e server's local state (scripts/e2e-server.mjs). */

const folder = mkdtempSync(join(tmpdir(), "e2e-photos-"));

/** A JPEG with a soft gradient and a darker "head", so a preview looks like something. */
export function jpegBytes(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      const dx = x - width / 2;
      const dy = y - height / 3;
      const head = dx * dx + dy * dy < (Math.min(width, height) / 5) ** 2;
      data[offset] = head ? 120 : 200 + Math.round((55 * y) / height);
      data[offset + 1] = head ? 60 : 150 + Math.round((60 * x) / width);
      data[offset + 2] = head ? 50 : 110;
      data[offset + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 85).data);
}

export function jpegFile(name: string, width: number, height: number): string {
  const path = join(folder, name);
  writeFileSync(path, jpegBytes(width, height));
  return path;
}

/** A 1x1 PNG under a .jpg name: browsers then call it image/jpeg, only its bytes tell. */
export function pngRenamedJpg(): string {
  const path = join(folder, "renamed-png.jpg");
  writeFileSync(path, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"));
  return path;
}

let sequence = 0;

/**
 * WhatsApp numbers are unique per member and both projects share one
 * server: every call gets its own Indian mobile number, from the clock, the
 * project and a counter.
 */
export function uniqueMobile(testInfo: TestInfo): string {
  sequence += 1;
  const project = testInfo.project.name === "phone" ? 1 : 2;
  const clock = (Date.now() + testInfo.workerIndex * 7919) % 1_000_000;
  return `9${String(clock).padStart(6, "0")}${project}${String(sequence % 100).padStart(2, "0")}`;
}

/** A complete registration as the form sends it (raw texts). */
export function registrationFields(mobile: string, gender: "F" | "M" = "F"): Record<string, string> {
  return {
    gender,
    name: gender === "F" ? "Sravani" : "Venkata Ramana",
    surname: "Kondapalli",
    dob: gender === "F" ? "14/02/1997" : "03/11/1993",
    tob: "6:05 AM",
    pob: "Rajahmundry",
    star: "4",
    padham: "2",
    height: "16",
    subcaste: "1",
    religion: "1",
    marriage: "1",
    educationDetails: "B.Sc (Computers), Andhra University",
    professionType: "1",
    workingIn: "1",
    incomePerYear: "5",
    workingCity: "1",
    workingCountry: "",
    abroadWorkingCity: "",
    workVisa: "",
    professionDetails: "Software Tester, Hyderabad",
    fatherName: "Kondapalli Subba Rao",
    fatherJob: "Retired Teacher",
    motherName: "Kondapalli Lakshmi",
    motherJob: "Home Maker",
    nativeCountry: "1",
    nativeState: "1",
    nativeDistrict: "",
    residingCity: "Hyderabad",
    mobile,
    noticeVersion: NOTICE_VERSION,
    alternateMobile: "",
    email: "",
    address: "12-3-45, Gandhi Nagar, Rajahmundry",
  };
}

/** Registers through the API (the form itself is tested in registration.spec.ts). */
/**
 * A new member, registered through the API, who set a password with the code
 * that reached their WhatsApp (the Cloud API stand-in), as a family does
 * after registering (ADR 0021).
 */
export async function registerThroughApi(
  request: APIRequestContext,
  testInfo: TestInfo,
  gender: "F" | "M" = "F",
  /** Ticks "list me on the agency's public pages" (ADR 0033), which link previews need too; unticked, as the form starts. */
  options: { publicList?: boolean } = {},
): Promise<{ pid: number; password: string; mobile: string }> {
  const mobile = uniqueMobile(testInfo);
  const consents: Record<string, string> = options.publicList ? { consents: JSON.stringify({ publicList: true, promotions: false }) } : {};
  const response = await request.post("/api/save_new_registration", {
    multipart: { ...registrationFields(mobile, gender), ...consents, photo: { name: "photo.jpg", mimeType: "image/jpeg", buffer: jpegBytes(360, 480) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: RegistrationResult };
  const password = `Chosen-${data.pid}`;
  const confirmed = await request.post("/api/users/password_reset/confirm", { data: { pid: data.pid, code: await codeSentTo(data.mobile), password } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { pid: data.pid, password, mobile };
}

/** Signs in through /login and waits for /search (docs/specification.md § "Anonymous routes"). */
export async function signIn(page: Page, pid: number, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Profile ID").fill(String(pid));
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/search$/);
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: `tests/e2e/screenshots/${testInfo.project.name}-${name}.png`, fullPage });
}

/** ADR 0013: no serious or critical axe-core violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Nothing wider than the screen: a phone must never scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
