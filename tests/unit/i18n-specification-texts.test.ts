import { describe, expect, it } from "vitest";
import { en } from "#shared/i18n/en.ts";
import { MESSAGES, PUBLIC_PAGE_MESSAGES, PUBLIC_PROFILE_LABELS } from "#shared/messages.ts";

// The screens of a first visit now read their texts from the catalogue
// (ADR 0040); those the specification words (shared/messages.ts, ADR 0023)
// must stay exactly its words in English.

describe("the English catalogue keeps the specification's texts", () => {
  it("on the login, registration and link pages", () => {
    expect(en["login.whatsappNote"]).toBe(MESSAGES.loginWhatsappNote);
    expect(en["login.failed"]).toBe(MESSAGES.loginFailed);
    expect(en["registration.failedDefault"]).toBe(MESSAGES.registrationFailedDefault);
    expect(en["registration.checkWhatsapp"]).toBe(MESSAGES.registrationCheckWhatsapp);
    expect(en["registration.requiredFields"]).toBe(MESSAGES.requiredFieldsBanner);
    expect(en["server.invalidLink"]).toBe(MESSAGES.invalidWhatsappLink);
    expect(en["server.invalidAutoLoginLink"]).toBe(MESSAGES.invalidAutoLoginLink);
  });

  it("on the public page /link", () => {
    expect(en["public.invalidLink"]).toBe(MESSAGES.invalidLink);
    expect(en["public.loading"]).toBe(PUBLIC_PAGE_MESSAGES.loading);
    expect(en["public.failed"]).toBe(PUBLIC_PAGE_MESSAGES.failed);
    expect(en["public.paidOnly"]).toBe(PUBLIC_PAGE_MESSAGES.paidMembersOnly);
    expect(en["public.secondMarriage"]).toBe(PUBLIC_PAGE_MESSAGES.secondMarriage);
    expect(en["public.incomeValue"]).toBe(`{income}${PUBLIC_PAGE_MESSAGES.incomeSuffix}`);
    expect([en["public.labelPaid"], en["public.labelPublic"], en["public.labelMembers"]]).toEqual([
      PUBLIC_PROFILE_LABELS.PAID,
      PUBLIC_PROFILE_LABELS.PUBLIC,
      PUBLIC_PROFILE_LABELS.MEMBERS,
    ]);
  });
});
