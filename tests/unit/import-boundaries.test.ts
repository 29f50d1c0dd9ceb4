import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The import boundaries of ADR 0038, read from every import of the code and
// the tests with TypeScript's own parser: the web app never imports the
// Worker's code (its types only, ADR 0036), the Worker never imports the web
// app, shared/ imports neither, a feature of the web app never imports
// another (web/app routes them; web/lib and web/components serve them all),
// and an import that leaves its top-level folder or climbs two levels goes
// through the package.json aliases (#shared/, #worker/, #web/, #scripts/,
// #tests/) instead of ../../.

const ROOT = join(import.meta.dirname, "../..");
const FOLDERS = ["shared", "worker", "web", "scripts", "tests"];

interface Import {
  file: string;
  line: number;
  specifier: string;
  /** The imported path from the repository's root; null for a package. */
  target: string | null;
  typeOnly: boolean;
}

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(m?ts|tsx|mjs)$/.test(entry.name) && path !== "worker/worker-configuration.d.ts") files.push(path);
    }
  };
  for (const folder of FOLDERS) walk(folder);
  return files.sort();
}

function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return posix.normalize(posix.join(dirname(file), specifier));
  const alias = /^#(\w+)\/(.*)$/.exec(specifier);
  return alias ? `${alias[1]}/${alias[2]}` : null;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** Static imports and re-exports, import() calls and import("...") types. */
function importsOf(file: string, text: string): Import[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Import[] = [];
  const add = (literal: ts.StringLiteralLike, typeOnly: boolean) =>
    found.push({
      file,
      line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
      specifier: literal.text,
      target: targetOf(file, literal.text),
      typeOnly,
    });
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier, isTypeOnly(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const top = (path: string) => path.split("/")[0]!;
const feature = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1] ?? null;

/** What is wrong with one import; empty when it keeps every boundary. */
function boundaryProblems({ file, specifier, target, typeOnly }: Import): string[] {
  if (target === null) return [];
  const problems: string[] = [];
  const [from, to] = [top(file), top(target)];
  if (from === "web" && to === "worker" && !typeOnly) problems.push("the web app imports the Worker's types only (import type, ADR 0036)");
  if (from === "worker" && to === "web") problems.push("the Worker never imports the web app");
  if (from === "shared" && to !== "shared") problems.push("shared/ imports nothing of the web app, the Worker, the scripts or the tests");
  const [ownFeature, targetFeature] = [feature(file), feature(target)];
  if (from === "web" && targetFeature !== null && ownFeature !== targetFeature && !file.startsWith("web/app/")) {
    problems.push(
      ownFeature ? `the feature ${ownFeature} imports the feature ${targetFeature}` : `web/lib and web/components serve the features; they import none (${targetFeature})`,
    );
  }
  if (specifier.startsWith("../") && (from !== to || specifier.startsWith("../../"))) problems.push(`use the alias #${target}`);
  return problems;
}

const imports = sourceFiles().flatMap((file) => importsOf(file, readFileSync(join(ROOT, file), "utf8")));

describe("import boundaries (ADR 0038)", () => {
  it("reads the imports of every folder, the aliases and the Worker's types in the web app among them", () => {
    expect(imports.length).toBeGreaterThan(2000);
    for (const folder of FOLDERS) expect(imports.some((item) => top(item.file) === folder)).toBe(true);
    expect(imports.some((item) => item.specifier.startsWith("#shared/"))).toBe(true);
    expect(imports.some((item) => top(item.file) === "web" && item.target !== null && top(item.target) === "worker" && item.typeOnly)).toBe(true);
  });

  it("finds each kind of crossing in a made-up import", () => {
    const problems = (file: string, specifier: string, typeOnly = false) => boundaryProblems({ file, line: 1, specifier, target: targetOf(file, specifier), typeOnly });
    expect(problems("web/lib/api-client.ts", "#worker/app.ts")).toEqual(["the web app imports the Worker's types only (import type, ADR 0036)"]);
    expect(problems("web/lib/api-client.ts", "#worker/app.ts", true)).toEqual([]);
    expect(problems("worker/routes/users.ts", "#web/lib/session.ts", true)).toEqual(["the Worker never imports the web app"]);
    expect(problems("shared/links.ts", "#worker/env.ts", true)).toHaveLength(1);
    expect(problems("web/features/search/routes/search.tsx", "#web/features/auth/api/sign-in.ts")).toEqual(["the feature search imports the feature auth"]);
    expect(problems("web/components/nav.tsx", "#web/features/auth/api/sign-in.ts")).toHaveLength(1);
    expect(problems("web/app/router.tsx", "../features/auth/routes/login.tsx")).toEqual([]);
    expect(problems("web/features/search/routes/search.tsx", "../../../lib/auth.ts")).toEqual(["use the alias #web/lib/auth.ts"]);
    expect(problems("tests/unit/links.test.ts", "../../shared/links.ts")).toEqual(["use the alias #shared/links.ts"]);
    expect(problems("web/features/search/routes/search.tsx", "../lib/search-query.ts")).toEqual([]);
    expect(problems("worker/db/views.ts", "hono")).toEqual([]);
  });

  it("holds for every import of the repository", () => {
    const broken = imports.flatMap((item) => boundaryProblems(item).map((problem) => `${item.file}:${item.line}: ${item.specifier}: ${problem}`));
    expect(broken).toEqual([]);
  });
});
