import { describe, expect, it } from "vitest";
import { formatReport, formatResult, runConformance, type CheckResult, type OpenApiDocument } from "#shared/contract/conformance.ts";
import { openApiText } from "#shared/contract/openapi.ts";

// The conformance suite finds what a backend gets wrong (ADR 0035): here a
// stand-in backend answers a few routes wrongly, and the report must name
// each route, what was expected and the first place the body differs.
// (tests/worker/contract-conformance.test.ts runs it against our Worker.)

const document = JSON.parse(openApiText()) as OpenApiDocument;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A backend that gets some answers wrong and refuses everything else as an unknown path would. */
async function wrongBackend(url: string): Promise<Response> {
  const path = new URL(url).pathname.replace(/^\/api/, "");
  if (path === "/health") return json(200, { data: { ok: true, uptime: 12 } });
  if (path === "/heights") return json(200, { data: [{ id: "1", name: "4ft 6in" }] });
  if (path === "/stars") return json(200, [{ id: 1, name: "Ashwini" }]);
  if (path === "/users/sessions") return json(200, { data: [] });
  if (path === "/religions") return new Response("<html>Not here</html>", { status: 200, headers: { "Content-Type": "text/html" } });
  if (path === "/qualifications") return new Response("{ data: [", { status: 200, headers: { "Content-Type": "application/json" } });
  if (path === "/users/current") return json(401, { error: "Please log in again.", code: "KAPUT" });
  return json(404, { error: "Not found", code: "NOT_FOUND" });
}

let results: CheckResult[] = [];
const resultOf = (request: string) => results.find((result) => result.request === request);

describe("the conformance suite against a backend that breaks the contract", () => {
  it("runs", async () => {
    results = await runConformance({ base: "https://backend.example/api", document, fetch: wrongBackend, publicDate: "2026-11-02" });
    expect(results.length).toBeGreaterThan(100);
  });

  it("names a field the contract does not have", () => {
    expect(resultOf("GET /health")?.problem).toBe("#/data/uptime: this field is not in the contract");
  });

  it("names the first field of the wrong type", () => {
    expect(resultOf("GET /heights")?.problem).toMatch(/^#\/data\/0\/id: .*string/);
  });

  it("finds a body without the { data } envelope", () => {
    expect(resultOf("GET /stars")?.problem).toBe('#: Instance type "array" is invalid. Expected "object".');
  });

  it("finds a code outside ADR 0002's list, a page instead of JSON, and broken JSON", () => {
    expect(resultOf("GET /users/current")?.problem).toMatch(/^#\/code: /);
    expect(resultOf("GET /religions")?.problem).toBe("Content-Type text/html is not in the contract (it documents application/json)");
    expect(resultOf("GET /qualifications")?.problem).toContain("the body is not JSON");
  });

  it("finds a status the route does not document, and a required status not given", () => {
    expect(resultOf("GET /countries")?.problem).toContain("status 404");
    expect(resultOf("GET /users/sessions")?.problem).toContain("status 200, expected 401");
  });

  it("reports route, expectation and what came back", () => {
    const heights = results.find((result) => result.request === "GET /heights");
    expect(heights && formatResult(heights)).toBe(
      'FAIL  GET /heights  (GET /heights)\n        expected: 200\n        got:      200\n        #/data/0/id: Instance type "string" is invalid. Expected "number".',
    );
    const report = formatReport(document, results);
    expect(report).toContain(`${results.length} checks: `);
    expect(report).toMatch(/\d+ of \d+ routes of the contract called/);
  });
});
