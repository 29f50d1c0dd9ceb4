// Every text a member or a visitor reads comes from the catalogues (ADR 0040):
// a screen that writes English into its JSX would show English in Telugu
// mode. This reads every member and public screen with the TypeScript
// compiler and fails on JSX text, or a string in a prop that is shown or
// read aloud, that has a Latin word in it. The agency console stays English
// (issue 16), so web/features/agency is not read. The end-to-end tests'
// expectAllTelugu covers what a static reading cannot see (texts in
// constants, texts from the server).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Words Telugu readers read in Latin letters, as the Telugu catalogue writes them too (tests/e2e/support/telugu.ts). */
const LATIN_WORDS = new Set(["WhatsApp", "ID", "OTP", "PDF", "LPA", "JPG", "JPEG", "PNG", "MB", "KB", "AM", "PM", "English"]);

/** Texts allowed in one file, each with its reason. */
const EXCEPTIONS: readonly { file: string; text: string; reason: string }[] = [
  { file: "web/features/registration/routes/registered.tsx", text: "/search", reason: "SetPasswordForm's next is the path it opens after, not a text" },
];

/** Props whose string is shown or read aloud: these names, and any name ending in one of the suffixes. */
const TEXT_PROPS = new Set(["placeholder", "title", "aria-label", "aria-description", "alt", "label", "hint", "heading", "intro", "empty", "what", "next"]);
const TEXT_PROP_SUFFIXES = ["Label", "Hint", "Caption", "Text", "Title", "Message"];
/** HTML attributes that end like a text prop but hold a keyword. */
const NOT_TEXT_PROPS = new Set(["enterKeyHint"]);

const ROOT = join(import.meta.dirname, "../..");
const SKIPPED_DIRS = [join(ROOT, "web/features/agency")];

function screenFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.includes(path) ? [] : screenFiles(path);
    return entry.name.endsWith(".tsx") ? [path] : [];
  });
}

function latinWords(text: string): string[] {
  const withoutEntities = text.replace(/&[a-z]+;|&#\d+;/g, " ");
  return (withoutEntities.match(/[A-Za-z][A-Za-z.'’-]*[A-Za-z]|[A-Za-z]/g) ?? []).filter((word) => word.length > 1 && !LATIN_WORDS.has(word));
}

function isTextProp(name: string): boolean {
  if (NOT_TEXT_PROPS.has(name)) return false;
  return TEXT_PROPS.has(name) || TEXT_PROP_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** The strings an expression shows where it stands: itself, or the branches of ?:, ??, || and && and a template's literal parts. */
function shownStrings(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) return [expression.head, ...expression.templateSpans.map((span) => span.literal)];
  if (ts.isParenthesizedExpression(expression)) return shownStrings(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...shownStrings(expression.whenTrue), ...shownStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) return [...shownStrings(expression.left), ...shownStrings(expression.right)];
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(expression.right);
  }
  return [];
}

function literalText(node: ts.Node): string {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) ? node.text : node.getText();
}

/** "file:line: text" for every text of a screen file that bypasses the catalogue. */
function untranslatedTexts(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    if (latinWords(trimmed).length === 0) return;
    if (EXCEPTIONS.some((exception) => exception.file === file && exception.text === trimmed)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${file}:${line}: ${trimmed}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of shownStrings(node.expression)) report(text, literalText(text));
    } else if (ts.isJsxAttribute(node) && isTextProp(node.name.getText(source)) && node.initializer) {
      const { initializer } = node;
      if (ts.isStringLiteral(initializer)) report(initializer, initializer.text);
      else if (ts.isJsxExpression(initializer) && initializer.expression) {
        for (const text of shownStrings(initializer.expression)) report(text, literalText(text));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("screen texts", () => {
  it("come from the catalogues on every member and public screen", () => {
    const found = screenFiles(join(ROOT, "web")).flatMap((path) => untranslatedTexts(relative(ROOT, path), readFileSync(path, "utf8")));
    expect(found, "texts outside shared/i18n (use useT() or <Message>)").toEqual([]);
  });

  it("are found in JSX text, in shown props and in the branches of a shown expression", () => {
    const code = [
      "export const A = () => (",
      '  <p title="Close" className="flex gap-2" aria-label={t("x")}>',
      "    Loading profiles",
      '    {busy ? "Saving..." : t("save")}',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the line is source code the test reads, placeholder and all.
      '    {kind === "filter" ? null : <b hint={`Profile ${pid}`} pendingLabel="Sending" />}',
      "    &nbsp;· {pid} WhatsApp ID",
      "  </p>",
      ");",
    ].join("\n");
    expect(untranslatedTexts("fixture.tsx", code)).toEqual([
      "fixture.tsx:2: Close",
      "fixture.tsx:3: Loading profiles",
      "fixture.tsx:4: Saving...",
      "fixture.tsx:5: Profile",
      "fixture.tsx:5: Sending",
    ]);
    expect(latinWords("పొంతన గుణాలు 24/36")).toEqual([]);
  });
});
