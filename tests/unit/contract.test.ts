import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiText } from "#shared/contract/openapi.ts";
import { API_ROUTES } from "#shared/contract/routes.ts";

// docs/api/openapi.json is the contract an agency backend is built and
// checked against (ADR 0035): it must be exactly what the code's schemas
// make, so a change of a schema without `npm run contract:write` fails here.

const COMMITTED = new URL("../../docs/api/openapi.json", import.meta.url);

/** The first lines where two texts differ, with their line numbers: what a reviewer reads instead of two 300 KB documents. */
function firstDifferences(committed: string, generated: string, limit = 5): string[] {
  const [a, b] = [committed.split("\n"), generated.split("\n")];
  const differences: string[] = [];
  for (let line = 0; line < Math.max(a.length, b.length) && differences.length < limit; line += 1) {
    if (a[line] !== b[line]) differences.push(`line ${line + 1}:\n  committed: ${a[line] ?? "(end of file)"}\n  generated: ${b[line] ?? "(end of file)"}`);
  }
  return differences;
}

/** Every "$ref" string in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [inner] : refsIn(inner)));
}

describe("docs/api/openapi.json", () => {
  const generated = openApiText();

  it("is what the contract's schemas generate (run `npm run contract:write` after changing them)", () => {
    const committed = readFileSync(COMMITTED, "utf8");
    const differences = committed === generated ? [] : firstDifferences(committed, generated);
    expect(differences.join("\n"), "docs/api/openapi.json differs from shared/contract: run `npm run contract:write`").toBe("");
  });

  it("comes out the same every time", () => {
    expect(openApiText()).toBe(generated);
  });

  it("has an operation for every route entry, under the specification's own spellings", () => {
    const document = JSON.parse(generated) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(operations).toHaveLength(API_ROUTES.length);
    expect(operations).toEqual(expect.arrayContaining(["get /eloborate_profile", "get /Simple_Search_Profiles", "get /profile_visits", "post /admin/profile_interest"]));
  });

  it("declares each path's parameters, and names each operation once", () => {
    const document = JSON.parse(generated) as { paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>> };
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const operation of Object.values(methods)) {
        const declared = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name)
          .sort();
        expect(declared, `${operation.operationId}: ${path}`).toEqual(inPath);
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
      }
    }
  });

  it("resolves every reference inside itself", () => {
    const document = JSON.parse(generated) as Record<string, unknown>;
    const unresolved = [...new Set(refsIn(document))].filter((ref) => {
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), document);
      return target === undefined;
    });
    expect(unresolved).toEqual([]);
  });
});
