import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Tests that pin docs/specification.md cite it by its headings: the section
// sign (U+00A7), a space and the heading in double quotes, its text exactly as
// the ## or ### heading has it without the #s, so a reader can go from a test
// to the exact rule. This keeps every citation under tests/
// pointing at a heading that exists, keeps the old numbered references
// ("section" and a digit) from coming back, and checks that each top-level
// part from 2 to 9 is pinned by at least one test file. The comments of the
// code cite the specification the same way, and ADRs where a decision of
// ours holds the rule; never an issue number or a design brief, which are
// not in the repository (ADR 0038).

const ROOT = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

const SIGN = "\u00a7";
/** A citation: the sign, one space, and the heading in double quotes on one line. */
const CITATION = new RegExp(`${SIGN} "([^"\\n]+)"`, "g");

interface Heading {
  text: string;
  level: 2 | 3;
  /** The number of the top-level part the heading belongs to (1 to 9). */
  part: number;
}

function headings(markdown: string): Heading[] {
  const found: Heading[] = [];
  let part = 0;
  for (const line of markdown.split("\n")) {
    const match = /^(#{2,3}) (.+?)\s*$/.exec(line);
    if (!match) continue;
    const text = match[2]!;
    const level = match[1]!.length as 2 | 3;
    if (level === 2) part = Number(/^(\d+)\./.exec(text)?.[1] ?? Number.NaN);
    found.push({ text, level, part });
  }
  return found;
}

/** Every file under the folders whose name matches `pattern`, sorted. */
function filesUnder(folders: string[], pattern: RegExp): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/** Every TypeScript file under tests/, this one included. */
function testFiles(): string[] {
  return filesUnder(["tests"], /\.m?ts$/);
}

/**
 * The comments of the application's code and migrations (ADR 0038): a comment
 * line starts with //, /*, * or -- (SQL). The generated Worker types are
 * wrangler's text, not ours.
 */
function sourceComments(): { path: string; lines: string[] }[] {
  return filesUnder(["shared", "worker", "web", "scripts"], /\.(m?ts|tsx|mjs|sql)$/)
    .filter((path) => path !== "worker/worker-configuration.d.ts" && !landedBeforeThisCheck(path))
    .map((path) => ({
      path,
      lines: read(path)
        .split("\n")
        .map((text) => (/^\s*(\/\/|\/\*|\*|--|\{\/\*)/.test(text) ? text : "")),
    }));
}

/**
 * A migration that ran before comments were checked (0001 to 0022) is history:
 * databases have applied it, so it is never edited, not even its comments.
 */
function landedBeforeThisCheck(path: string): boolean {
  const number = /^worker\/migrations\/(\d{4})_/.exec(path)?.[1];
  return number !== undefined && Number(number) <= 22;
}

interface Citation {
  file: string;
  line: number;
  heading: string;
}

const files = testFiles().map((path) => ({ path, lines: read(path).split("\n") }));
const comments = sourceComments();
const specHeadings = headings(read("docs/specification.md"));
const headingByText = new Map(specHeadings.map((heading) => [heading.text, heading]));
function citationsIn(sources: { path: string; lines: string[] }[]): Citation[] {
  return sources.flatMap(({ path, lines }) => lines.flatMap((text, index) => [...text.matchAll(CITATION)].map((match) => ({ file: path, line: index + 1, heading: match[1]! }))));
}
const citations = citationsIn(files);

describe("citations of docs/specification.md in the tests", () => {
  it("finds the specification's parts and the tests' citations", () => {
    expect(specHeadings.filter((heading) => heading.level === 2).map((heading) => heading.part)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(citations.length).toBeGreaterThan(50);
  });

  it("cite only headings the specification has, word for word", () => {
    const unknown = citations.filter((citation) => !headingByText.has(citation.heading));
    expect(unknown.map(({ file, line, heading }) => `${file}:${line}: ${SIGN} "${heading}" is not a ## or ### heading of docs/specification.md`)).toEqual([]);
  });

  it("write every citation whole on one line, the heading in double quotes", () => {
    const malformed = files.flatMap(({ path, lines }) =>
      lines.flatMap((text, index) => {
        const signs = text.split(SIGN).length - 1;
        const whole = [...text.matchAll(CITATION)].length;
        return signs === whole ? [] : [`${path}:${index + 1}: ${text.trim()}`];
      }),
    );
    expect(malformed).toEqual([]);
  });

  it("no longer refer to the specification by a section number", () => {
    const numbered = /\bsections?\s+\d/gi;
    const ofTheBrief = /^sections?\s+\d+\s+of\s+the\s+(design\s+)?brief\b/i;
    const left = files.flatMap(({ path, lines }) =>
      lines.flatMap((text, index) =>
        [...text.matchAll(numbered)]
          .filter((match) => !/\bbrief\s+$/i.test(text.slice(0, match.index)) && !ofTheBrief.test(text.slice(match.index)))
          .map(() => `${path}:${index + 1}: ${text.trim()}`),
      ),
    );
    expect(left).toEqual([]);
  });

  it("pin every part from 2 to 9 in at least one test file", () => {
    const citedParts = new Set(citations.map((citation) => headingByText.get(citation.heading)?.part));
    const parts = specHeadings.filter((heading) => heading.level === 2 && heading.part >= 2 && heading.part <= 9);
    expect(parts.filter((heading) => !citedParts.has(heading.part)).map((heading) => heading.text)).toEqual([]);
  });

  it("in the code's comments, cite only headings the specification has", () => {
    const cited = citationsIn(comments);
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((citation) => !headingByText.has(citation.heading)).map(({ file, line, heading }) => `${file}:${line}: ${SIGN} "${heading}"`)).toEqual([]);
  });

  it("in the code's comments, cite no section number, issue number or design brief", () => {
    const stale = /\bsections?\s+\d+(?!\.\d)|\bissue\s+#?\d|\bdesign\s+brief\b|\bbrief\s+"/i;
    const left = comments.flatMap(({ path, lines }) =>
      lines.flatMap((text, index) => (stale.test(text) && !/\bRFC\s+\d+\s+section\b/.test(text) ? [`${path}:${index + 1}: ${text.trim()}`] : [])),
    );
    expect(left).toEqual([]);
  });
});
