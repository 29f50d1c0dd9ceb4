import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderTemplateDocs } from "#scripts/whatsapp/template-docs.ts";
import {
  MESSAGE_LANGUAGES,
  TEMPLATES,
  TEMPLATE_KEYS,
  codeMessage,
  interestApprovedMessage,
  interestReceivedMessage,
  membershipMessage,
  signInLinkMessage,
} from "#shared/whatsapp-messages.ts";
import { templateVariable } from "#worker/lib/whatsapp/config.ts";

// The WhatsApp templates (ADR 0020) against Meta's rules for submitting them,
// and docs/whatsapp-templates.md against the code.

const placeholders = (text: string) => [...text.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));

describe("the templates", () => {
  it("docs/whatsapp-templates.md is what the code submits", () => {
    expect(readFileSync("docs/whatsapp-templates.md", "utf8")).toBe(renderTemplateDocs());
  });

  it("number their parameters 1, 2, 3 ... in both languages, with an example each, never first or last", () => {
    for (const key of TEMPLATE_KEYS) {
      const template = TEMPLATES[key];
      if (template.category === "AUTHENTICATION") continue;
      const [en, te] = MESSAGE_LANGUAGES.map((language) => template.body[language]);
      const numbers = [...new Set(placeholders(en ?? ""))].sort();
      expect(numbers, key).toEqual(numbers.map((_n, i) => i + 1));
      expect([...new Set(placeholders(te ?? ""))].sort(), key).toEqual(numbers);
      expect(template.bodyExample, key).toHaveLength(numbers.length);
      for (const body of [en, te]) {
        expect(body, key).not.toMatch(/^\s*\{\{\d+\}\}/);
        expect(body, key).not.toMatch(/\{\{\d+\}\}\s*[.!?]?\s*$/);
        expect((body ?? "").length, key).toBeLessThanOrEqual(1024);
      }
    }
  });

  it("keep button texts within Meta's 25 characters and are named by configuration", () => {
    for (const key of TEMPLATE_KEYS) {
      for (const language of MESSAGE_LANGUAGES) expect(TEMPLATES[key].button.text[language].length, key).toBeLessThanOrEqual(25);
      expect(templateVariable(key)).toMatch(/^WHATSAPP_TEMPLATE_[A-Z_]+$/);
    }
    expect(templateVariable("verificationCode")).toBe("WHATSAPP_TEMPLATE_VERIFICATION_CODE");
    expect(templateVariable("membershipUpdated")).toBe("WHATSAPP_TEMPLATE_MEMBERSHIP_UPDATED");
  });
});

describe("messages", () => {
  const link = { origin: "https://agency.example", path: "interest_link?link=abc" };

  it("write the template's words with the button's link, and keep the parameters for the template", () => {
    const received = interestReceivedMessage("en", { agency: "Sri Lakshmi Marriage Bureau", fromPid: 10234, toPid: 10871, ...link });
    expect(received).toEqual({
      body: "Namaste from Sri Lakshmi Marriage Bureau. The member with Profile ID 10234 is interested in your profile (Profile ID 10871). Tap the button below to see their profile and accept or decline the request.\n\nSee the request: https://agency.example/interest_link?link=abc",
      params: { body: ["Sri Lakshmi Marriage Bureau", "10234", "10871"], button: "interest_link?link=abc" },
    });
    const approved = interestApprovedMessage("te", { agency: "శ్రీ లక్ష్మి మ్యారేజ్ బ్యూరో", approverPid: 10871, requesterPid: 10234, ...link });
    expect(approved.body).toContain("ప్రొఫైల్ ID 10871 గల సభ్యులు మీ అభ్యర్థనను అంగీకరించారు (మీ ప్రొఫైల్ ID 10234)");
    expect(approved.body).toContain("ప్రొఫైల్ తెరవండి: https://agency.example/interest_link?link=abc");
    expect(signInLinkMessage("en", { agency: "A", pid: 5, ...link }).params).toEqual({ body: ["A", "5"], button: "interest_link?link=abc" });
    expect(membershipMessage("en", { agency: "A", tier: "GOLD", pid: 5, until: "31-12-2099", views: 25, origin: link.origin }).body).toContain(
      "Your GOLD membership for Profile ID 5 is active until 31-12-2099, with 25 profile views remaining.",
    );
  });

  it("say how long a code lasts and where to enter it, and repeat the code in the copy button", () => {
    const password = codeMessage("en", {
      agency: "A",
      code: "482913",
      pid: 10234,
      purpose: "password",
      validity: { days: 3 },
      url: "https://agency.example/set_password?pid=10234",
    });
    expect(password).toEqual({
      body: "A: 482913 is your code to set a password for Profile ID 10234. Enter it at https://agency.example/set_password?pid=10234 within 3 days. Do not share this code with anyone.",
      params: { body: ["482913"], button: "482913" },
    });
    const mobile = codeMessage("te", { agency: "A", code: "482913", pid: 10234, purpose: "mobile", validity: { minutes: 10 }, url: "-" });
    expect(mobile.body).toBe("A: ప్రొఫైల్ ID 10234 కు ఈ వాట్సాప్ నంబర్‌ను నిర్ధారించడానికి మీ కోడ్ 482913. దీన్ని 10 నిమిషాల లోపు ప్రొఫైల్ సవరణ పేజీలో నమోదు చేయండి. ఈ కోడ్‌ను ఎవరికీ చెప్పకండి.");
  });
});
