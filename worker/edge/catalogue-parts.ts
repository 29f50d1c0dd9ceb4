// The catalogue's parts for web/lib/i18n.ts when the Worker renders /link
// (ADR 0031; package.json "imports" `#catalogue-parts`, condition "workerd";
// the browser's are web/lib/catalogue-parts.ts): the Worker already holds
// each language's whole catalogue (worker/lib/i18n.ts), which has every
// part's messages.
import type { Messages } from "@lingui/core";
import enMessages from "#shared/i18n/compiled/en.json";
import teMessages from "#shared/i18n/compiled/te.json";
import type { Language } from "#shared/i18n/language.ts";
import type { WebPart } from "#shared/i18n/parts.ts";

// JSON imports get an inferred type that cannot name Lingui's compiled tokens, hence the casts.
const CATALOGUES: Record<Language, Messages> = { en: enMessages as unknown as Messages, te: teMessages as unknown as Messages };

export function importPart(language: Language, _part: WebPart): Promise<Messages> {
  return Promise.resolve(CATALOGUES[language]);
}
