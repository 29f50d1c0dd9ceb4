import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminOutboxMessage, IssuedLink } from "#shared/admin-types.ts";
import type { RegistrationResult } from "#shared/api-types.ts";
import type { Language } from "#shared/i18n/language.ts";
import {
  codeMessage,
  interestApprovedMessage,
  interestReceivedMessage,
  membershipMessage,
  signInLinkMessage,
  type CodePurpose,
  type OutboxKind,
  type TemplateParams,
  type WhatsAppMessage,
} from "#shared/whatsapp-messages.ts";
import { latestMessageOf, type OutboxMessage } from "#worker/db/outbox.ts";
import { config } from "#worker/env.ts";
import { deliverOutbox } from "#worker/lib/whatsapp/deliver-outbox.ts";
import { api, contactOf, createInterest, signedInMember, smallJpeg, staffSession, type TestMember } from "./setup/fixtures.ts";
import { parentsForm } from "./setup/parents-form.ts";
import { registrationForm } from "./setup/registration-form.ts";
import { templateOf, testWhatsApp, type TestWhatsApp } from "./setup/whatsapp.ts";

// A member who chose Telugu receives every WhatsApp message in Telugu, and a
// member who chose English receives it in English (ADR 0040, ADR 0020):
// whatever the message, whoever sets it off, and whatever language that
// person's own device reads. Everything happens through the routes, and the
// outbox delivers to the Cloud API stand-in, whose requests are checked: the
// template's name and language code, its parameters, and the auto-login
// link, which for a Telugu reader ends in &lang=te so that its preview is
// Telugu too.

const ORIGIN = "http://localhost";
const AGENCY = config(env).agencyName;
/** The language codes the templates are submitted under by default (docs/whatsapp-templates.md). */
const TEMPLATE_LANGUAGE: Record<Language, string> = { en: "en_IN", te: "te" };
const OTHER: Record<Language, Language> = { en: "te", te: "en" };
const TELUGU_LETTER = /[\u0C00-\u0C7F]/;
/** Codes are valid 10 minutes when the Cloud API sends them (ADR 0021). */
const CLOUD_API_VALIDITY = { minutes: 10 };

let wa: TestWhatsApp;

beforeEach(async () => {
  wa = await testWhatsApp();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Calls the API with the Cloud API configured, so messages go out as the request finishes. */
function call(method: "POST" | "PUT", path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return api(path, { method, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) }, wa.env);
}

interface Recipient extends TestMember {
  headers: Record<string, string>;
  mobile: string;
}

/** A signed-in member who chose `language` with the switch (PUT /api/users/language). */
async function memberReading(language: Language, gender: "F" | "M" = "F"): Promise<Recipient> {
  const member = await signedInMember({ gender });
  const chosen = await call("PUT", "/api/users/language", { language }, member.headers);
  expect(chosen.status).toBe(200);
  return { ...member, mobile: contactOf(member.pid).mobile };
}

/** Someone else's device, set to the other language: what they read must not decide what the recipient reads. */
const onDeviceReading = (language: Language, headers: Record<string, string>) => ({ ...headers, Cookie: `lang=${language}` });

interface Delivered {
  message: OutboxMessage;
  params: TemplateParams;
  template: ReturnType<typeof templateOf>;
}

/** The member's latest message of `kind`, once the outbox has sent it, and the template request the Cloud API received for it. */
async function delivered(pid: number, mobile: string, kind: OutboxKind): Promise<Delivered> {
  // Sent while the request finished (waitUntil); a code asked for without
  // signing in is made after the answer, so the outbox runs once more.
  await deliverOutbox(wa.env);
  const message = await latestMessageOf(env.DB, pid, kind);
  if (!message?.params) throw new Error(`no ${kind} message with its parameters for ${pid}`);
  expect(message).toMatchObject({ status: "sent", sentAs: "template", toMobile: mobile });
  const requests = await wa.messagesTo(mobile);
  expect(requests).toHaveLength(1);
  return { message, params: message.params, template: templateOf(requests[0] ?? {}) };
}

function expectWrittenIn(text: string, language: Language): void {
  if (language === "te") {
    expect(text).toMatch(TELUGU_LETTER);
    expect(text).not.toMatch(/Namaste|your code|Profile ID/);
  } else {
    expect(text).not.toMatch(TELUGU_LETTER);
  }
}

/** A link opened from the message: for a Telugu reader it names the language, for an English reader it is as it always was. */
function expectLinkIn(link: string, language: Language): void {
  if (language === "te") expect(link).toMatch(/&lang=te$/);
  else expect(link).not.toContain("lang=");
}

/**
 * A utility message: its stored text is the template's in the member's
 * language with the link written out, and the Cloud API received that
 * template, in that language, with the same parameters.
 */
function expectUtilityMessage(got: Delivered, language: Language, name: string, expected: (path: string) => WhatsAppMessage): void {
  const path = got.params.button;
  const text = expected(path);
  expect(got.message.language).toBe(language);
  expect(got.message.body).toBe(text.body);
  expectWrittenIn(got.message.body, language);
  expect(got.template).toEqual({ name, language: TEMPLATE_LANGUAGE[language], body: text.params.body, button: path });
}

/** A one-time code: the authentication template in the member's language, and the text staff would send by hand in it. */
function expectCodeMessage(got: Delivered, language: Language, pid: number, purpose: CodePurpose): void {
  const code = got.params.body[0] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  expect(got.template).toEqual({ name: "verification_code", language: TEMPLATE_LANGUAGE[language], body: [code], button: code });
  expect(got.message.language).toBe(language);
  const url = `${ORIGIN}/set_password?pid=${pid}${language === "te" ? "&lang=te" : ""}`;
  const text = codeMessage(language, { agency: AGENCY, code, pid, purpose, validity: CLOUD_API_VALIDITY, url });
  expect(got.message.body).toBe(text.body);
  expectWrittenIn(got.message.body.replace(AGENCY, ""), language);
  // The set-password link of a code for a password names the reader's language, as every link sent does.
  if (purpose === "password") expectLinkIn(/\S+\/set_password\?\S+?(?=[.\s]*$|\s)/.exec(got.message.body)?.[0] ?? "", language);
}

describe.each(["te", "en"] as const)("a member who chose %s", (language) => {
  const otherDevice = (headers: Record<string, string>) => onDeviceReading(OTHER[language], headers);

  it("is told of interest in their language, sent from a profile or through the WhatsApp request flow (/request)", async () => {
    for (const skip of [undefined, true]) {
      const owner = await memberReading(language);
      const sender = await signedInMember({ gender: "M" });
      const sent = await call("POST", "/api/send_interest", { fpid: sender.pid, tpid: owner.pid, ...(skip ? { skip } : {}) }, otherDevice(sender.headers));
      expect(sent.status).toBe(200);
      const got = await delivered(owner.pid, owner.mobile, "interest_received");
      expect(got.params.button).toMatch(/^interest_link\?link=/);
      expectLinkIn(got.params.button, language);
      expectUtilityMessage(got, language, "interest_received", (path) =>
        interestReceivedMessage(language, { agency: AGENCY, fromPid: sender.pid, toPid: owner.pid, origin: ORIGIN, path }),
      );
    }
  });

  it("is told in their language that their interest was approved", async () => {
    const requester = await memberReading(language, "M");
    const approver = await signedInMember({ gender: "F" });
    await createInterest(requester.pid, approver.pid);
    const approved = await call("POST", "/api/approve_interest", { pid: requester.pid }, otherDevice(approver.headers));
    expect(approved.status).toBe(200);
    const got = await delivered(requester.pid, requester.mobile, "interest_approved");
    expect(got.params.button).toMatch(/^whatsapp_link\?link=/);
    expectLinkIn(got.params.button, language);
    expectUtilityMessage(got, language, "interest_approved", (path) =>
      interestApprovedMessage(language, { agency: AGENCY, approverPid: approver.pid, requesterPid: requester.pid, origin: ORIGIN, path }),
    );
  });

  it("receives the sign-in link staff issue in the console in their language, the link naming it", async () => {
    const member = await memberReading(language);
    const staff = await staffSession();
    const issued = await call("POST", `/api/admin/members/${member.pid}/links`, { kind: "profile" }, staff.headers);
    expect(issued.status).toBe(200);
    const { data } = await issued.json<{ data: IssuedLink }>();
    // What staff copy or send by click-to-chat opens in the member's language too.
    expectLinkIn(data.url, language);
    expectLinkIn(data.newProfilesUrl ?? "", language);
    const got = await delivered(member.pid, member.mobile, "link");
    expect(`${ORIGIN}/${got.params.button}`).toBe(data.url);
    expectUtilityMessage(got, language, "sign_in_link", (path) => signInLinkMessage(language, { agency: AGENCY, pid: member.pid, origin: ORIGIN, path }));
  });

  it("receives the receipt of a membership staff sold in their language", async () => {
    const member = await memberReading(language, "M");
    const staff = await staffSession();
    const sell = { profileType: "DONOR", profilesCount: 25, total: 0, lastViewDate: "2099-12-31", expectedTotal: 0 };
    expect((await call("PUT", `/api/admin/members/${member.pid}/membership`, sell, staff.headers)).status).toBe(200);
    const got = await delivered(member.pid, member.mobile, "membership");
    expectUtilityMessage(got, language, "membership_updated", () =>
      membershipMessage(language, { agency: AGENCY, tier: "GOLD", pid: member.pid, until: "31-12-2099", views: 25, origin: ORIGIN }),
    );
  });

  it("receives the code for a forgotten password, asked for from a device reading the other language, in their language", async () => {
    const member = await memberReading(language);
    const asked = await call("POST", "/api/users/password_reset", { pid: member.pid, mobile: member.mobile }, onDeviceReading(OTHER[language], {}));
    expect(asked.status).toBe(200);
    expectCodeMessage(await delivered(member.pid, member.mobile, "forgot_password_code"), language, member.pid, "password");
  });

  it("receives the code to set a password after staff reset it, in their language", async () => {
    const member = await memberReading(language);
    const staff = await staffSession();
    const reset = await call("POST", `/api/admin/members/${member.pid}/reset_password`, {}, staff.headers);
    expect(reset.status).toBe(200);
    expect((await reset.json<{ data: AdminOutboxMessage }>()).data.language).toBe(language);
    expectCodeMessage(await delivered(member.pid, member.mobile, "staff_reset_code"), language, member.pid, "password");
  });

  it("receives the code for a new WhatsApp number, and the code to delete the profile, in their language", async () => {
    const member = await memberReading(language);
    const newMobile = `+9170000${String(member.pid).padStart(5, "0")}`;
    expect((await call("PUT", "/api/profile_parents_data", parentsForm({ mobile: newMobile }), member.headers)).status).toBe(200);
    expectCodeMessage(await delivered(member.pid, newMobile, "mobile_code"), language, member.pid, "mobile");

    expect((await call("POST", "/api/users/delete_profile/code", {}, member.headers)).status).toBe(200);
    expectCodeMessage(await delivered(member.pid, member.mobile, "delete_profile_code"), language, member.pid, "delete");
  });
});

describe("registering", () => {
  let sequence = 0;

  it.each(["te", "en"] as const)("on a device reading %s sends the first code in that language, and the profile keeps the language", async (language) => {
    sequence += 1;
    const mobile = `+91984900${String(sequence).padStart(4, "0")}`;
    const form = registrationForm({ mobile }, smallJpeg(60, 80));
    const registered = await api("/api/save_new_registration", { method: "POST", headers: { Cookie: `lang=${language}` }, body: form }, wa.env);
    expect(registered.status).toBe(200);
    const { pid } = (await registered.json<{ data: RegistrationResult }>()).data;
    const stored = await env.DB.prepare("SELECT language FROM members WHERE pid = ?1").bind(pid).first<{ language: string }>();
    expect(stored?.language).toBe(language);
    expectCodeMessage(await delivered(pid, mobile, "registration_code"), language, pid, "password");
  });
});
