import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATE_LANGUAGES, templateNames } from "#worker/lib/whatsapp/config.ts";
import { submitTemplates, templateSubmissions } from "#worker/lib/whatsapp/template-submission.ts";
import { SITE, TOKEN, standInUrl } from "./setup/whatsapp.ts";

// What `npm run whatsapp:templates` does (ADR 0020), against the Cloud API
// stand-in, which checks each submission by Meta's rules for templates.

const apiUrl = `${standInUrl}/v21.0`;
let account = 0;

describe("submitting the message templates", () => {
  it("submits every template in English and Telugu once, then reports each one's status", async () => {
    const businessAccountId = `waba-templates-${Date.now()}-${++account}`;
    const submissions = templateSubmissions(templateNames({}), SITE);
    expect(submissions).toHaveLength(12);
    expect(new Set(submissions.map((submission) => submission.request.language))).toEqual(new Set(Object.values(DEFAULT_TEMPLATE_LANGUAGES)));

    const first = await submitTemplates({ apiUrl, token: TOKEN, businessAccountId }, submissions, { submit: true });
    expect(first.map((status) => [status.name, status.language, status.status])).toEqual(
      submissions.map((submission) => [submission.request.name, submission.request.language, "APPROVED"]),
    );
    expect(first.every((status) => status.detail.startsWith("submitted, id "))).toBe(true);

    const again = await submitTemplates({ apiUrl, token: TOKEN, businessAccountId }, submissions, { submit: true });
    expect(
      again.every((status) => status.status === "APPROVED" && status.detail === `exists, category ${submissions.find((s) => s.request.name === status.name)?.request.category}`),
    ).toBe(true);
  });

  it("only reports with submit off, and reports Meta's refusal of a template in words", async () => {
    const businessAccountId = `waba-templates-${Date.now()}-${++account}`;
    const [verification, interest] = templateSubmissions(templateNames({ WHATSAPP_TEMPLATE_VERIFICATION_CODE: "otp_code" }), SITE).filter(
      (submission) => submission.language === "en",
    );
    if (!verification || !interest) throw new Error("templates missing");
    expect(await submitTemplates({ apiUrl, token: TOKEN, businessAccountId }, [verification], { submit: false })).toEqual([
      { name: "otp_code", language: "en_IN", status: "MISSING", detail: "not submitted yet" },
    ]);
    // A body that starts with a parameter, which Meta refuses.
    const components = interest.request.components.map((component) => (component.type === "BODY" ? { ...component, text: "{{1}} says hello to {{2}} and {{3}}" } : component));
    const [refused] = await submitTemplates({ apiUrl, token: TOKEN, businessAccountId }, [{ ...interest, request: { ...interest.request, components } }], { submit: true });
    expect(refused).toEqual({
      name: "interest_received",
      language: "en_IN",
      status: "ERROR",
      detail: "(#100) Invalid parameter (Variable parameters can't be at the start or end of the template.)",
    });
    const [unauthorised] = await submitTemplates({ apiUrl, token: "", businessAccountId }, [verification], { submit: true });
    expect(unauthorised?.status).toBe("ERROR");
  });
});
