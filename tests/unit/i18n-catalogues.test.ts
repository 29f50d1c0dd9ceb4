import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { en, type MessageId } from "#shared/i18n/en.ts";
import { LANGUAGES } from "#shared/i18n/language.ts";
import { te } from "#shared/i18n/te.ts";
import { WEB_PARTS } from "#shared/i18n/parts.ts";
import { compiledCatalogueFile, compiledCatalogueText, compiledPartFile, compiledPartText, SOURCES } from "#scripts/lib/i18n-catalogues.ts";

// One catalogue per language (ADR 0040): the same ids in both, the same
// placeholders in both, and the compiled files the SPA (in parts) and the
// Worker (whole) load exactly what the sources make.

/** The placeholder and tag names of an ICU message: `{name}`, `{n, plural, ...}`, `<0>...</0>`. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:[,}])/g)) names.add(`{${match[1]}}`);
  for (const match of message.matchAll(/<(\d+)>/g)) names.add(`<${match[1]}>`);
  return [...names].sort();
}

describe("the catalogues", () => {
  const ids = Object.keys(en) as MessageId[];

  it("have the same ids in English and in Telugu", () => {
    expect(
      Object.keys(te).filter((id) => !(id in en)),
      "ids only in te.ts",
    ).toEqual([]);
    expect(
      ids.filter((id) => !(id in te)),
      "ids missing in te.ts",
    ).toEqual([]);
  });

  it("agree on every message's placeholders", () => {
    const differing = ids.filter((id) => placeholders(en[id]).join() !== placeholders(te[id]).join());
    expect(differing.map((id) => `${id}: en ${placeholders(en[id]).join(" ")} / te ${placeholders(te[id]).join(" ")}`)).toEqual([]);
  });

  it("have no empty message, and every Telugu message is written in Telugu", () => {
    for (const language of LANGUAGES)
      expect(
        ids.filter((id) => SOURCES[language][id].trim() === ""),
        language,
      ).toEqual([]);
    // A message that is only a placeholder or a name (e.g. "{name}", "WhatsApp") has nothing to translate.
    const untranslated = ids.filter((id) => /[A-Za-z]{3}/.test(te[id].replace(/\{[^{}]*\}|<\/?\d+>|WhatsApp|Profile ID|OTP/g, "")) && !/[\u0C00-\u0C7F]/.test(te[id]));
    expect(untranslated, "Telugu messages without Telugu").toEqual([]);
  });

  it.each(LANGUAGES)("compiled/%s.json is what `npm run i18n:write` makes", (language) => {
    expect(readFileSync(compiledCatalogueFile(language), "utf8"), "run `npm run i18n:write`").toBe(compiledCatalogueText(language));
  });

  it.each(LANGUAGES)("compiled/%s/<part>.json, the SPA's parts, are what `npm run i18n:write` makes", (language) => {
    for (const part of WEB_PARTS)
      expect(readFileSync(compiledPartFile(language, part), "utf8"), `${language}/${part}: run \`npm run i18n:write\``).toBe(compiledPartText(language, part));
  });
});
