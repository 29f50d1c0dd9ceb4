import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { en, type MessageId } from "#shared/i18n/en.ts";
import type { Language } from "#shared/i18n/language.ts";
import { partOf, type WebPart } from "#shared/i18n/parts.ts";
import { te } from "#shared/i18n/te.ts";

// The catalogues as the SPA and the Worker load them (ADR 0040): each ICU
// message compiled ahead of time by Lingui's own compiler, so that neither
// ships the parser. The Worker loads each language whole
// (compiled/<language>.json); the SPA loads it in parts
// (compiled/<language>/<part>.json, shared/i18n/parts.ts). `npm run
// i18n:write` writes them; a unit test compares.

export const SOURCES: Record<Language, Record<MessageId, string>> = { en, te };

const IDS = Object.keys(en) as MessageId[];

/** One message a line, in en.ts's order: a change reads as one line changed. */
function compiledText(language: Language, ids: readonly MessageId[]): string {
  const source = SOURCES[language];
  const lines = ids.map((id) => `${JSON.stringify(id)}: ${JSON.stringify(compileMessageOrThrow(source[id]))}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}

export function compiledCatalogueText(language: Language): string {
  return compiledText(language, IDS);
}

export const compiledCatalogueFile = (language: Language): URL => new URL(`../../shared/i18n/compiled/${language}.json`, import.meta.url);

/** Ids whose prefix no part names: the shell carries them, so no screen shows a bare id, until the prefix gets its part (a unit test fails meanwhile). */
export const unplacedIds = (): MessageId[] => IDS.filter((id) => partOf(id) === undefined);

/** The ids of `part` in the SPA, in en.ts's order. */
function partIds(part: WebPart): MessageId[] {
  return IDS.filter((id) => partOf(id) === part || (part === "shell" && partOf(id) === undefined));
}

export function compiledPartText(language: Language, part: WebPart): string {
  return compiledText(language, partIds(part));
}

export const compiledPartFile = (language: Language, part: WebPart): URL => new URL(`../../shared/i18n/compiled/${language}/${part}.json`, import.meta.url);
