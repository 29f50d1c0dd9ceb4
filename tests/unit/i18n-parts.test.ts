// The catalogue split by screen (ADR 0040): every message is in a part
// (shared/i18n/parts.ts), and every screen loads the parts of the messages
// its code shows (web/app/screen-messages.ts), so no screen shows an id in
// place of its text. Reads the SPA's code with TypeScript's parser: a
// screen's code is its route module and everything it imports (import() too),
// the shell's is what web/main.tsx imports apart from the screens that
// web/app/router.tsx loads. A message id is any string literal that is one.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { en, type MessageId } from "#shared/i18n/en.ts";
import { MESSAGE_PARTS, partOf, type MessagePart, type WebPart } from "#shared/i18n/parts.ts";
import { SCREEN_MESSAGES, type Screen } from "#web/app/screen-messages.ts";

const ROOT = join(import.meta.dirname, "../..");
const ROUTER = "web/app/router.tsx";

interface SourceFile {
  imports: string[];
  ids: Set<MessageId>;
  /** router.tsx only: `screen("name", () => import("module"))`. */
  screens: { name: string; module: string }[];
}

const isMessageId = (text: string): text is MessageId => Object.hasOwn(en, text);

/** The file an import names, from the repository's root; null for a package or a non-code file. */
function resolve(from: string, specifier: string): string | null {
  const alias = /^#(\w+)\/(.*)$/.exec(specifier);
  const target = specifier.startsWith(".") ? posix.normalize(posix.join(dirname(from), specifier)) : alias ? `${alias[1]}/${alias[2]}` : null;
  if (target === null) return null;
  return [target, `${target}.ts`, `${target}.tsx`].find((path) => /\.tsx?$/.test(path) && existsSync(join(ROOT, path))) ?? null;
}

function importedModule(from: string, node: ts.Node): string | null {
  let found: string | null = null;
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword && child.arguments[0] && ts.isStringLiteralLike(child.arguments[0])) {
      found = resolve(from, child.arguments[0].text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** What `code` imports (type-only imports aside), the message ids it names, and, in the router, its screens. */
function readSource(file: string, code: string): SourceFile {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const result: SourceFile = { imports: [], ids: new Set(), screens: [] };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      const target = resolve(file, node.moduleSpecifier.text);
      if (target && !typeOnly) result.imports.push(target);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "screen" && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const module = node.arguments[1] ? importedModule(file, node.arguments[1]) : null;
      if (module) result.screens.push({ name: node.arguments[0].text, module });
      return;
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const target = resolve(file, node.arguments[0].text);
      if (target) result.imports.push(target);
    } else if (ts.isStringLiteralLike(node) && isMessageId(node.text)) result.ids.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return result;
}

const sources = new Map<string, SourceFile>();
function sourceOf(file: string): SourceFile {
  let source = sources.get(file);
  if (!source) {
    source = readSource(file, readFileSync(join(ROOT, file), "utf8"));
    sources.set(file, source);
  }
  return source;
}

/** `roots` and every file they import, directly or not; the router's screens are not followed. */
function reachable(roots: string[]): Set<string> {
  const found = new Set<string>();
  const stack = [...roots];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    stack.push(...sourceOf(file).imports);
  }
  return found;
}

/** "file: id (part)" for each id the files name that none of `parts` holds. */
function unloaded(files: Iterable<string>, parts: readonly MessagePart[]): string[] {
  return [...files].flatMap((file) => [...sourceOf(file).ids].filter((id) => !parts.includes(partOf(id) ?? "shell")).map((id) => `${file}: ${id} (${partOf(id) ?? "no part"})`));
}

// Parsing the whole SPA takes seconds on a loaded machine.
describe("the catalogue's parts", { timeout: 60_000 }, () => {
  it("hold every message: each prefix or id belongs to a part", () => {
    expect((Object.keys(en) as MessageId[]).filter((id) => partOf(id) === undefined)).toEqual([]);
  });

  it("name only prefixes and ids the catalogue has, each once", () => {
    const entries = Object.values(MESSAGE_PARTS).flat() as string[];
    const prefixes = new Set(Object.keys(en).map((id) => id.slice(0, id.indexOf("."))));
    expect(entries.filter((entry) => !prefixes.has(entry) && !isMessageId(entry))).toEqual([]);
    expect(entries.filter((entry, index) => entries.indexOf(entry) !== index)).toEqual([]);
  });

  it("hold each message the shell shows in the shell", () => {
    const shell = reachable(["web/main.tsx"]);
    expect(shell.has(ROUTER)).toBe(true);
    expect(unloaded(shell, ["shell"])).toEqual([]);
  });

  it("hold each message a screen shows in the parts it loads", () => {
    const shell = reachable(["web/main.tsx"]);
    const { screens } = sourceOf(ROUTER);
    expect(screens.length).toBeGreaterThan(20);
    const problems = screens.flatMap(({ name, module }) => {
      if (!Object.hasOwn(SCREEN_MESSAGES, name)) return [`${name}: not in web/app/screen-messages.ts`];
      const parts: readonly WebPart[] = ["shell", ...SCREEN_MESSAGES[name as Screen]];
      return unloaded(
        [...reachable([module])].filter((file) => !shell.has(file)),
        parts,
      ).map((problem) => `${name} → ${problem}`);
    });
    expect(problems, "add the part to the screen in web/app/screen-messages.ts").toEqual([]);
  });

  it("are named for every screen the router loads, and no other", () => {
    const loaded = sourceOf(ROUTER).screens.map(({ name }) => name);
    expect(Object.keys(SCREEN_MESSAGES).filter((name) => !loaded.includes(name))).toEqual([]);
    // Each import() of the router is a screen's, so none loads without its messages.
    const imports = readFileSync(join(ROOT, ROUTER), "utf8").match(/\bimport\(/g) ?? [];
    expect(imports.length).toBe(sourceOf(ROUTER).screens.length);
  });

  it("are found in the code: ids in calls, props and constants, screens in the router", () => {
    const code = [
      'import type { X } from "./types.ts";',
      'const LABELS = { a: "search.loadingProfiles" } as const;',
      'export const A = () => <p title={t("card.mainRequest")}><Message id="nav.login" /> not.an.id</p>;',
      'const routes = [{ path: "search", lazy: screen("search", async () => (await import("../features/search/routes/search.tsx")).SearchRoute) }];',
      'const later = () => import("../lib/i18n.ts");',
    ].join("\n");
    const source = readSource("web/app/fixture.tsx", code);
    expect([...source.ids].sort()).toEqual(["card.mainRequest", "nav.login", "search.loadingProfiles"]);
    expect(source.screens).toEqual([{ name: "search", module: "web/features/search/routes/search.tsx" }]);
    expect(source.imports).toEqual(["web/lib/i18n.ts"]);
  });
});
