import { readFileSync } from "node:fs";
import subsetFont from "subset-font";
import { LANGUAGE_NAMES } from "#shared/i18n/language.ts";

// The header's fixed Telugu texts (the line under the agency's name and the
// language switch's "తెలుగు") have a font of their own: Noto Sans Telugu cut
// down to their glyphs, with the layout tables that join Telugu's vowel signs
// and conjuncts, so that an English page does not download the whole Telugu
// faces for them (ADR 0040, "the header's Telugu font").
// `npm run header-font:write` writes the files; a unit test compares them
// with what the current texts make.

/** The weights the header's Telugu texts are set in: the line is regular, the switch semibold. */
export const HEADER_FONT_WEIGHTS = [400, 600] as const;
export type HeaderFontWeight = (typeof HEADER_FONT_WEIGHTS)[number];

/** The components whose Telugu texts the font holds: every Telugu run in their source. */
const HEADER_SOURCES = ["../../web/app/nav-bar.tsx", "../../web/components/language-switch.tsx"];

// A run of Telugu words: Telugu letters and signs, the joiners, and the spaces between words.
const TELUGU_RUN = /[\u0C00-\u0C7F\u200C\u200D]+(?: [\u0C00-\u0C7F\u200C\u200D]+)*/gu;

/** The Telugu texts the header shows: the components' own and the switch's language names. */
export function headerTeluguTexts(): string[] {
  const sources = HEADER_SOURCES.map((path) => readFileSync(new URL(path, import.meta.url), "utf8"));
  const names = Object.values(LANGUAGE_NAMES).flatMap((name) => name.match(TELUGU_RUN) ?? []);
  return [...new Set([...sources.flatMap((source) => source.match(TELUGU_RUN) ?? []), ...names])].sort();
}

/**
 * The letters FreeType's auto-hinter measures a font's Telugu on (its blue
 * zones and standard stem: afblue.dat and afscript.h): it fits glyphs to the
 * heights it finds there, so without them the subset's glyphs came out a
 * pixel different from the whole font's (Chromium on Linux, which hints
 * lightly). About 2.3 KB a face for a header that looks exactly as before.
 */
export const HINTING_REFERENCE = "ఇఌఙఞణఱ౯అకచరఽ౨౬ఝ౦";

/** The whole face the subset is cut from: the one every other Telugu text on a page uses. */
export function fullTeluguFace(weight: HeaderFontWeight): Buffer {
  return readFileSync(new URL(`../../node_modules/@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-${weight}-normal.woff2`, import.meta.url));
}

export const headerFontFile = (weight: HeaderFontWeight): URL => new URL(`../../web/assets/fonts/telugu-header-${weight}.woff2`, import.meta.url);

/** The face cut down to the header's texts and the hinter's reference letters, in WOFF2. */
export function headerFont(weight: HeaderFontWeight, texts: readonly string[]): Promise<Buffer> {
  return subsetFont(fullTeluguFace(weight), texts.join("") + HINTING_REFERENCE, { targetFormat: "woff2" });
}
