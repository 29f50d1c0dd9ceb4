import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatResult, routesNotExercised, runConformance, type CheckResult, type OpenApiDocument } from "#shared/contract/conformance.ts";
import { openApiText } from "#shared/contract/openapi.ts";
import app from "#worker/app.ts";
import { createInterest, createMember, sendJson, smallJpeg, staffSession } from "./setup/fixtures.ts";

// The conformance suite (ADR 0035) against our own Worker, as `npm run
// contract -- --base ...` runs it against an agency backend: every answer's
// status and body must be what docs/api/openapi.json says, with a member's
// and an owner's credentials and the writes on. The data is seeded here, so
// every list the suite reads has something in it to check.

// The document as generated: tests/unit/contract.test.ts holds it equal to the committed one.
const document = JSON.parse(openApiText()) as OpenApiDocument;
const PUBLIC_DATE = "2026-11-02";

/** The Worker's app as a backend: each request with its background work finished. */
async function workerFetch(url: string, init: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(url, init, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

let results: CheckResult[] = [];

beforeAll(async () => {
  const bride = await createMember({ gender: "F", profileType: "PREMIUM", profilesCount: 10, lastViewDate: "2099-01-01", password: "Conform-pass1" });
  const groom = await createMember({ gender: "M", profileType: "MEMBER", profilesCount: 5, lastViewDate: "2099-01-01" });
  const suitor = await createMember({ gender: "M" });
  await createInterest(suitor.pid, bride.pid);
  // The groom approved the bride's request: her view of his profile is answered in full.
  await createInterest(bride.pid, groom.pid, "approved");
  const owner = await staffSession("owner");
  // The groom on today's public list, with a template of messages.
  const template = await sendJson("POST", "/api/admin/templates", { name: "Diwali", messages: ["*New* profiles this week"] }, owner.headers);
  const { data } = await template.json<{ data: { id: number } }>();
  await sendJson("PUT", `/api/admin/members/${groom.pid}/visibility`, { showPhoto: 2, publicProfile: "PUBLIC" }, owner.headers);
  const list = await sendJson("PUT", "/api/admin/public_lists", { date: PUBLIC_DATE, week: false, templateId: data.id, pids: [groom.pid] }, owner.headers);
  if (list.status !== 200) throw new Error(`the public list was not saved: ${await list.text()}`);
  results = await runConformance({
    base: "http://localhost/api",
    document,
    fetch: workerFetch,
    member: { pid: bride.pid, password: "Conform-pass1" },
    staff: { username: owner.username, password: "console-pass-1" },
    publicDate: PUBLIC_DATE,
    writes: true,
    registration: { mobile: "9848012345", photo: smallJpeg(60, 80) },
  });
});

describe("the Worker conforms to docs/api/openapi.json", () => {
  it("answers every check as the contract says", () => {
    const failures = results.filter((result) => result.problem !== null);
    expect(failures.length, failures.map(formatResult).join("\n")).toBe(0);
  });

  it("calls every route of the contract at least once", () => {
    expect(routesNotExercised(document, results)).toEqual([]);
  });

  it("checked real answers, not only refusals", () => {
    const answered = (route: string) => results.some((result) => result.route === route && result.got === "200");
    const routes = [
      "POST /save_new_registration",
      "GET /Simple_Search_Profiles",
      "GET /whatsapp/public_profiles/{date}",
      "GET /public_messages",
      "GET /admin/members/{pid}",
      "POST /view_profile",
      "GET /profile_visits",
      "GET /profile_teaser/{pid}",
    ];
    for (const route of routes) {
      expect(answered(route), route).toBe(true);
    }
  });
});
