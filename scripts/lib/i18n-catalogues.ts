import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { en, type MessageId } from "#shared/i18n/en.ts";
import type { Language } from "#shared/i18n/language.ts";
import { te } from "#shared/i18n/te.ts";

// The catalogues as the SPA and the Worker load them (ADR 0040): each ICU
// message compiled ahead of time by Lingui's own compiler, so that neither
// ships the parser. `npm run i18n:write` writes them; a unit test compares.

export const SOURCES: Record<Language, Record<MessageId, string>> = { en, te };

export function compiledCatalogueText(language: Language): string {
  const source = SOURCES[language];
  // One message a line, in en.ts's order: a change reads as one line changed.
  const lines = (Object.keys(en) as MessageId[]).map((id) => `${JSON.stringify(id)}: ${JSON.stringify(compileMessageOrThrow(source[id]))}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}

export const compiledCatalogueFile = (language: Language): URL => new URL(`../../shared/i18n/compiled/${language}.json`, import.meta.url);
