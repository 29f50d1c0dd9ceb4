// The web bundle loads the compiled catalogue of the active language only,
// in parts (ADR 0040): a value imported from the source catalogues
// shared/i18n/en.ts or te.ts, or from the whole compiled ones the Worker
// loads (compiled/en.json, te.json), would put a whole language into the
// first load. Their types are free (`import type`); tests may read them for
// the English words.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const SOURCE_CATALOGUE = /(^#shared|\/shared)\/i18n\/((en|te)(\.ts)?|compiled\/(en|te)\.json)$/;

function webFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function isTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly);
}

/** "file: specifier" for every import or re-export of a source catalogue that brings in a value. */
function valueImports(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !isTypeOnly(node.importClause)) specifier = node.moduleSpecifier;
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly) specifier = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier = node.arguments[0];
    if (specifier && ts.isStringLiteral(specifier) && SOURCE_CATALOGUE.test(specifier.text)) found.push(`${file}: ${specifier.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Parsing every file under web/ takes seconds on a loaded machine.
describe("the whole catalogues", { timeout: 60_000 }, () => {
  it("are not imported as values by any file under web/", () => {
    const found = webFiles(join(ROOT, "web")).flatMap((path) => valueImports(relative(ROOT, path), readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });

  it("are told apart from their types and from other modules", () => {
    expect(valueImports("a.ts", 'import { en } from "#shared/i18n/en.ts";')).toEqual(["a.ts: #shared/i18n/en.ts"]);
    expect(valueImports("a.ts", 'import { te } from "../../shared/i18n/te.ts";')).toEqual(["a.ts: ../../shared/i18n/te.ts"]);
    expect(valueImports("a.ts", 'const c = import("#shared/i18n/te.ts");')).toEqual(["a.ts: #shared/i18n/te.ts"]);
    expect(valueImports("a.ts", 'import type { MessageId } from "#shared/i18n/en.ts";')).toEqual([]);
    expect(valueImports("a.ts", 'import { type MessageId } from "#shared/i18n/en.ts";')).toEqual([]);
    expect(valueImports("a.ts", 'import { translate } from "#web/lib/i18n.ts";')).toEqual([]);
    expect(valueImports("a.ts", 'import te from "#shared/i18n/compiled/te.json";')).toEqual(["a.ts: #shared/i18n/compiled/te.json"]);
    expect(valueImports("a.ts", 'import shell from "#shared/i18n/compiled/en/shell.json";')).toEqual([]);
  });
});
