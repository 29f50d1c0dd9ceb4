import { env } from "cloudflare:test";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import type { RegistrationResult } from "#shared/api-types.ts";
import { NAME_FORMAT } from "#shared/schemas/profile-fields.ts";
import { PHOTO_MESSAGES } from "#shared/schemas/registration.ts";
import { asBrowserPosts } from "./setup/browser-multipart.ts";
import { api, postJson } from "./setup/fixtures.ts";
import { type RegistrationFields, registrationForm } from "./setup/registration-form.ts";
import { templateOf, testWhatsApp } from "./setup/whatsapp.ts";

// POST /api/save_new_registration: happy path, every kind of bad input, and
// the promise that a failure leaves nothing behind (docs/specification.md
// § "Session and registration", § "Registration / profile write fields",
// § "Registration", § "Other rules").

function jpegBytes(width = 60, height = 80): Uint8Array {
  const data = new Uint8Array(width * height * 4).fill(180);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

let mobileCounter = 0;
function uniqueMobile(): string {
  mobileCounter += 1;
  return `98480${String(mobileCounter).padStart(5, "0")}`;
}

/** A bride's registration with a fresh WhatsApp number unless `overrides` gives one. */
function brideForm(overrides: RegistrationFields = {}, photo: Uint8Array | null = jpegBytes()): FormData {
  return registrationForm({ mobile: uniqueMobile(), ...overrides }, photo);
}

const register = (form: FormData) => api("/api/save_new_registration", { method: "POST", body: form });

async function counts() {
  const row = await env.DB.prepare("SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM outbox) AS outbox").first<{ members: number; outbox: number }>();
  const objects = await env.PHOTOS.list({ prefix: "photos/" });
  return { ...row, photos: objects.objects.length };
}

describe("POST /api/save_new_registration", () => {
  it("registers a member with the photo and its blurred derivative, and sends a code to set a password on WhatsApp", async () => {
    const form = brideForm({ mobile: "+91 99887 76655" });
    const response = await register(form);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: RegistrationResult }>();
    expect(data.pid).toBeGreaterThan(10_000);
    // This Worker has no Cloud API: staff send the code, which lasts 3 days.
    expect(data).toMatchObject({ mobile: "+919988776655", code: { byAgency: true, validMinutes: 3 * 24 * 60 } });

    const member = await env.DB.prepare("SELECT * FROM members WHERE pid = ?1").bind(data.pid).first<Record<string, unknown>>();
    expect(member).toMatchObject({
      gender: "F",
      name: "Sravani",
      birth_date: "1997-08-14",
      birth_time: "05:45",
      star_id: 5,
      padham_id: 3,
      // Mrigasira padhams 3 and 4 lie in Mithuna (raasi 3).
      raasi_id: 3,
      mobile: "+919988776655",
      native_country_id: 1,
      profile_type: "FREE",
      profiles_count: 0,
      total: 0,
      // No password is made: the member sets their own.
      password_hash: "",
      language: "en",
    });
    const full = await env.PHOTOS.get(String(member?.photo_key));
    const blur = await env.PHOTOS.get(String(member?.photo_blur_key));
    expect(full?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(blur).not.toBeNull();
    expect(String(member?.photo_key)).toMatch(/^photos\/[A-Za-z0-9_-]{22}\.jpg$/);
    // Members who may not see the photo get the blurred key: the full key must not follow from it.
    expect(String(member?.photo_blur_key)).toMatch(/^photos\/[A-Za-z0-9_-]{22}-blur\.jpg$/);
    expect(String(member?.photo_blur_key).replace("-blur", "")).not.toBe(member?.photo_key);

    const message = await env.DB.prepare("SELECT to_mobile, kind, body, params, expires_at FROM outbox WHERE member_pid = ?1").bind(data.pid).first<Record<string, string>>();
    expect(message).toMatchObject({ to_mobile: "+919988776655", kind: "registration_code" });
    expect(message?.body).toContain(`is your code to set a password for Profile ID ${data.pid}. Enter it at http://localhost/set_password?pid=${data.pid} within 3 days.`);
    const code = /(\d{6}) is your code/.exec(message?.body ?? "")?.[1] ?? "";
    expect(JSON.parse(message?.params ?? "null")).toEqual({ body: [code], button: code });
    // Only a keyed hash of the code is stored beside the member.
    const stored = await env.DB.prepare("SELECT reason, code_hash, mobile, expires_at FROM one_time_codes WHERE member_pid = ?1").bind(data.pid).first<Record<string, string>>();
    expect(stored).toMatchObject({ reason: "registration", mobile: "+919988776655", expires_at: message?.expires_at });
    expect(stored?.code_hash).not.toContain(code);

    expect((await postJson("/api/users/sign_in", { pid: data.pid, password: "" })).status).toBe(400);
    const confirmed = await postJson("/api/users/password_reset/confirm", { pid: data.pid, code, password: "Sravani-1997" });
    expect(confirmed.status).toBe(200);
    expect((await postJson("/api/users/sign_in", { pid: data.pid, password: "Sravani-1997" })).status).toBe(200);
  });

  it("records the language the form was filled in, and refuses in that language (ADR 0040)", async () => {
    const inTelugu = { "Accept-Language": "te-IN,te;q=0.9" };
    const response = await api("/api/save_new_registration", { method: "POST", headers: inTelugu, body: brideForm({ mobile: "+91 99887 70777" }) });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: RegistrationResult }>();
    const member = await env.DB.prepare("SELECT language FROM members WHERE pid = ?1").bind(data.pid).first<{ language: string }>();
    expect(member?.language).toBe("te");

    const refused = await api("/api/save_new_registration", { method: "POST", headers: inTelugu, body: brideForm({ name: "", mobile: "+91 99887 70778" }) });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ fields: Record<string, string> }>()).fields.name).toBe("పేరు తప్పనిసరి *");
  });

  it("with the Cloud API, sends the code as the authentication template at once, valid for 10 minutes", async () => {
    const wa = await testWhatsApp();
    const response = await api("/api/save_new_registration", { method: "POST", body: brideForm({ mobile: "+91 99887 70001" }) }, wa.env);
    const { data } = await response.json<{ data: RegistrationResult }>();
    expect(data.code).toEqual({ byAgency: false, validMinutes: 10 });
    // Sent while the request finished (waitUntil): the member has it before the page shows.
    const [message] = await wa.messagesTo("+919988770001");
    const { name, body } = templateOf(message ?? {});
    expect(name).toBe("verification_code");
    // Once WhatsApp confirms delivery, the code leaves the outbox.
    await wa.deliverWebhooks(2);
    const stored = await env.DB.prepare("SELECT status, body, created_at, expires_at FROM outbox WHERE member_pid = ?1").bind(data.pid).first<Record<string, string>>();
    expect(stored).toMatchObject({ status: "delivered" });
    expect(stored?.body).not.toContain(body[0] ?? "-");
    expect(Date.parse(stored?.expires_at ?? "") - Date.parse(stored?.created_at ?? "")).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect((await postJson("/api/users/password_reset/confirm", { pid: data.pid, code: body[0], password: "Sravani-1997" })).status).toBe(200);
  });

  it("answers every missing field with the specification's message and writes nothing", async () => {
    const before = await counts();
    const response = await register(new FormData());
    expect(response.status).toBe(400);
    const body = await response.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.fields).toMatchObject({
      gender: "Select Gender Required *",
      name: "Name Required *",
      surname: "Surname Required *",
      dob: "Date of Birth Required *",
      tob: "Time of Birth Required *",
      pob: "Place of Birth Required *",
      star: "Select Star Required *",
      padham: "Select Padham Required *",
      height: "Select Height Required *",
      subcaste: "Select Subcaste Required *",
      religion: "Select Religion Required *",
      marriage: "Select Marriage Required *",
      educationDetails: "Education Details Required *",
      professionDetails: "Profession Details Required *",
      fatherName: "Father Name Required *",
      fatherJob: "Father Profession Required *",
      motherName: "Mother Name Required *",
      motherJob: "Mother Profession Required *",
      mobile: "Contact Number Required *",
      address: "Address Required *",
      photo: PHOTO_MESSAGES.required,
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a name that carries a line break, a link or digits, says what a name may hold, and writes nothing (ADR 0025)", async () => {
    const before = await counts();
    const response = await register(brideForm({ name: "Sravani\nRenew now: https://evil.example", surname: "Gollapudi2", fatherName: "www.evil.in", motherName: "-Padmavathi" }));
    expect(response.status).toBe(400);
    expect((await response.json<{ fields: Record<string, string> }>()).fields).toEqual({
      name: NAME_FORMAT.characters,
      surname: NAME_FORMAT.characters,
      fatherName: NAME_FORMAT.fullStop,
      motherName: NAME_FORMAT.shape,
    });
    expect(await counts()).toEqual(before);
  });

  it("keeps Telugu names and tidies what phones type into names", async () => {
    const response = await register(brideForm({ name: "శ్రావణి", surname: "D\u2019Souza", fatherName: "K.  Venkata   Ramana", motherName: "Jose\u0301phine" }));
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { pid: number } }>();
    const member = await env.DB.prepare("SELECT name, surname, father_name, mother_name FROM members WHERE pid = ?1").bind(data.pid).first();
    expect(member).toEqual({ name: "శ్రావణి", surname: "D'Souza", father_name: "K. Venkata Ramana", mother_name: "Joséphine" });
  });

  it("does not ask for profession details from someone not working (profession type 5)", async () => {
    const response = await register(brideForm({ professionType: "5", professionDetails: "", workingIn: "1", incomePerYear: "8" }));
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { pid: number } }>();
    const row = await env.DB.prepare("SELECT working_in, income_id, profession_details FROM members WHERE pid = ?1").bind(data.pid).first();
    expect(row).toEqual({ working_in: null, income_id: null, profession_details: "" });
  });

  it.each([
    ["a PNG renamed .jpg", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415, PHOTO_MESSAGES.jpegOnly],
    ["a truncated JPEG", jpegBytes(120, 160).slice(0, 400), 400, PHOTO_MESSAGES.unreadable],
    ["an oversized file", new Uint8Array(10 * 1024 * 1024 + 10).fill(0xff), 413, PHOTO_MESSAGES.tooLarge],
  ])("refuses %s with a message on the photo and leaves nothing behind", async (_name, photo, status, message) => {
    const before = await counts();
    const response = await register(brideForm({}, photo));
    expect(response.status).toBe(status);
    expect((await response.json<{ fields: Record<string, string> }>()).fields.photo).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses a JPEG whose header claims huge dimensions without decoding it", async () => {
    const bytes = jpegBytes(16, 16);
    // Rewrite the SOF0 frame header's height and width to 30000 x 30000.
    for (let i = 2; i < bytes.length - 8; i++) {
      if (bytes[i] === 0xff && bytes[i + 1] === 0xc0) {
        bytes.set([0x75, 0x30, 0x75, 0x30], i + 5);
        break;
      }
    }
    const response = await register(brideForm({}, bytes));
    expect(response.status).toBe(413);
    expect((await response.json<{ fields: Record<string, string> }>()).fields.photo).toBe(PHOTO_MESSAGES.tooManyPixels);
  });

  it("refuses ids that are not in their lists, and a district outside the chosen state", async () => {
    const response = await register(brideForm({ star: "99", height: "500", nativeState: "2", nativeDistrict: "1" }));
    expect(response.status).toBe(400);
    const { fields } = await response.json<{ fields: Record<string, string> }>();
    expect(fields).toEqual({ star: "Select Star Required *", height: "Select Height Required *", nativeDistrict: "Please choose a district of the chosen state" });
  });

  it("refuses badly formatted dates, times, numbers and under-age members", async () => {
    const response = await register(brideForm({ dob: "31/02/1990", tob: "25:00", mobile: "12345", email: "nope" }));
    const { fields } = await response.json<{ fields: Record<string, string> }>();
    expect(fields).toMatchObject({
      // Written dd/MM/yyyy but not in the calendar: the member is told the date does not exist.
      dob: "There is no such date: please check the day and the month",
      tob: "Enter the time of birth as h:mm AM/PM",
      mobile: "Enter a valid WhatsApp number, e.g. 98765 43210 or +1 415 555 0100",
      email: "Enter a valid email address, or leave it empty",
    });
    const young = new Date();
    young.setFullYear(young.getFullYear() - 19);
    const dob = `${String(young.getDate()).padStart(2, "0")}/${String(young.getMonth() + 1).padStart(2, "0")}/${young.getFullYear()}`;
    const groom = await register(brideForm({ gender: "M", dob }));
    expect((await groom.json<{ fields: Record<string, string> }>()).fields.dob).toBe("A groom must be at least 21 years old");
  });

  it("counts a line break the browser sends as CR+LF as one character, as the form does, and stores it as LF", async () => {
    // 300 characters as the form counts them, the address field's limit; 303 as CR+LF.
    const address = ["x".repeat(75), "y".repeat(74), "z".repeat(74), "w".repeat(74)].join("\n");
    expect(address).toHaveLength(300);
    const { body, contentType } = await asBrowserPosts(brideForm({ address }));
    expect(new TextDecoder().decode(body)).toContain("x\r\nyyy");
    const response = await api("/api/save_new_registration", { method: "POST", body, headers: { "Content-Type": contentType } });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: RegistrationResult }>();
    const stored = await env.DB.prepare("SELECT address FROM members WHERE pid = ?1").bind(data.pid).first<{ address: string }>();
    expect(stored?.address).toBe(address);
  });

  it("refuses a JSON body: the form is multipart", async () => {
    const response = await postJson("/api/save_new_registration", { name: "x" });
    expect(response.status).toBe(415);
  });
});

describe("POST /api/save_new_registration with a WhatsApp number that is already a member's (ADR 0026)", () => {
  const messagesTo = async (mobile: string) =>
    (await env.DB.prepare("SELECT member_pid, kind, body FROM outbox WHERE to_mobile = ?1 ORDER BY id").bind(mobile).all<{ member_pid: number; kind: string; body: string }>())
      .results;

  async function registered(mobile: string): Promise<RegistrationResult> {
    const response = await register(brideForm({ mobile }));
    expect(response.status).toBe(200);
    return (await response.json<{ data: RegistrationResult }>()).data;
  }

  it("answers a taken number exactly as a free one until the whole form and its photo pass: the photo is checked first", async () => {
    await registered("9000012340");
    const attempts: [string, Record<string, string | null>, Uint8Array | null][] = [
      ["a one-byte photo", {}, new Uint8Array([0xff])],
      ["a truncated JPEG", {}, jpegBytes(120, 160).slice(0, 400)],
      ["no photo", {}, null],
      ["a star not in the list", { star: "99" }, jpegBytes()],
    ];
    for (const [what, overrides, photo] of attempts) {
      const before = await counts();
      const taken = await register(brideForm({ ...overrides, mobile: "+91 90000 12340" }, photo));
      const free = await register(brideForm({ ...overrides, mobile: "9000012341" }, photo));
      expect(taken.status, what).toBe(free.status);
      expect(taken.status, what).not.toBe(409);
      expect(await taken.text(), what).toBe(await free.text());
      expect(await counts(), what).toEqual(before);
    }
    expect(await messagesTo("+919000012340")).toHaveLength(1);
  });

  it("refuses a complete registration with a taken number, however it is typed, writes nothing, and sends the member their Profile ID and a code", async () => {
    const first = await registered("9000012345");
    const before = await counts();
    const again = await register(brideForm({ mobile: "+91 90000 12345" }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: `This WhatsApp number is already registered. Its Profile ID and a code to set a new password are being sent to it. If nothing comes, contact ${env.AGENCY_NAME} ${env.AGENCY_PHONE}.`,
      code: "CONFLICT",
      fields: { mobile: "This WhatsApp number is already registered" },
    });
    // No member and no photo are left behind; one message goes to the member who has the number.
    expect(await counts()).toEqual({ ...before, outbox: (before.outbox ?? 0) + 1 });
    const [, help] = await messagesTo("+919000012345");
    expect(help).toMatchObject({ member_pid: first.pid, kind: "forgot_password_code" });
    expect(help?.body).toContain(`is your code to set a password for Profile ID ${first.pid}.`);
    // Someone who registered twice is back in with it.
    const code = /(\d{6}) is your code/.exec(help?.body ?? "")?.[1] ?? "";
    expect((await postJson("/api/users/password_reset/confirm", { pid: first.pid, code, password: "Sravani-1997" })).status).toBe(200);
  });

  it('sends the member no more codes than "Forgot password?" would, and a deactivated member none', async () => {
    await registered("9000012346");
    for (let i = 0; i < 2; i++) expect((await register(brideForm({ mobile: "9000012346" }))).status).toBe(409);
    // The code sent at registration, then one more: a second within a minute would be over ADR 0021's limits.
    expect((await messagesTo("+919000012346")).map((message) => message.kind)).toEqual(["registration_code", "forgot_password_code"]);

    const deactivated = await registered("9000012347");
    await env.DB.prepare("UPDATE members SET active = 0 WHERE pid = ?1").bind(deactivated.pid).run();
    expect((await register(brideForm({ mobile: "9000012347" }))).status).toBe(409);
    expect((await messagesTo("+919000012347")).map((message) => message.kind)).toEqual(["registration_code"]);
  });
});
