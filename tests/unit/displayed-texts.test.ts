import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/specification.md quotes the texts members read; ADR 0023 lists every
// one the product shows differently and why. This keeps the two true to the
// code: each quoted text is shown as written, or replaced as the ADR's table
// says, or is one of the quotes below that are not texts at all.

const ROOT = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** Quotes of the specification that are not texts on a screen. */
const NOT_TEXTS = new Map([
  ["login required", 'the name § "2. Screens and routes" gives guarded routes'],
  ["Auth", 'a column of the tables of § "7. The calls the product makes"'],
  ["Page N", "the pager's pattern; shown as Page 1, Page 2 ..."],
  ["Profile", "the card's header where the ID is not shown; a word too common to find"],
]);

/** The code members' screens and the Worker's answers come from, without its comments (which quote the specification). */
function codeWithoutComments(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  for (const dir of ["web", "shared", "worker"]) walk(dir);
  return files
    .map((path) =>
      read(path)
        .replace(/\/\*[\s\S]*?\*\//g, "")
        // Line comments, but not the // of a URL.
        .replace(/(^|[^:])\/\/[^\n]*/g, "$1"),
    )
    .join("\n");
}

/** The parts of a text between its {placeholders}, which the code writes in its own way. */
function fixedParts(text: string): string[] {
  return text.split(/\{[^}]*\}/).filter((part) => part.trim().length >= 2);
}

function quotedTexts(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/"([^"\n]{2,})"/g)].map((match) => match[1]!))];
}

/** The ADR's rows whose first cell quotes the specification: its text and the one shown instead. */
function replacements(adr: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of adr.split("\n")) {
    const cells = line.match(/^\| "([^"]+)" \| "([^"]+)"/);
    if (cells) rows.set(cells[1]!, cells[2]!);
  }
  return rows;
}

const specification = read("docs/specification.md");
const adr = read("docs/decisions/0023-displayed-texts.md");
const code = codeWithoutComments();
const shownInstead = replacements(adr);
const shown = (text: string) => fixedParts(text).every((part) => code.includes(part));

describe('displayed texts (docs/specification.md § "8. Error catalogue", ADR 0023)', () => {
  it("finds the texts the specification quotes", () => {
    expect(quotedTexts(specification).length).toBeGreaterThan(50);
    expect(shownInstead.size).toBeGreaterThan(15);
  });

  it.each(quotedTexts(specification).filter((text) => !NOT_TEXTS.has(text)))("%s", (text) => {
    const instead = shownInstead.get(text);
    if (instead === undefined) {
      expect(shown(text), `"${text}" is not in the code: show it, or add a row to ADR 0023`).toBe(true);
    } else {
      expect(shown(instead), `ADR 0023 says "${instead}" is shown instead, but the code does not have it`).toBe(true);
      // The misspelt or outdated text is gone from every screen.
      expect(
        fixedParts(text).some((part) => !code.includes(part)),
        `"${text}" is still in the code`,
      ).toBe(true);
    }
  });

  it("lists only texts the specification has", () => {
    const quoted = new Set(quotedTexts(specification));
    expect([...shownInstead.keys()].filter((text) => !quoted.has(text))).toEqual([]);
  });
});
