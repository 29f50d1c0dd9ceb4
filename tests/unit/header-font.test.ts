import { readFileSync } from "node:fs";
import { convert } from "fontverter";
import { Blob, Buffer as ShapingBuffer, Face, Font, shape } from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { LANGUAGE_NAMES } from "#shared/i18n/language.ts";
import { fullTeluguFace, HEADER_FONT_WEIGHTS, HINTING_REFERENCE, type HeaderFontWeight, headerFont, headerFontFile, headerTeluguTexts } from "#scripts/lib/header-font.ts";

// The header's Telugu font (ADR 0040, "the header's Telugu font") holds
// exactly the glyphs of the header's Telugu texts: the committed files are what
// those texts make today, and each text comes out of them as it does out of
// the whole Noto Sans Telugu, glyph for glyph, so the header looks the same.

/** How harfbuzz sets `text` in `font`: each glyph's outline and position, and whether any glyph is missing. */
async function setText(font: Uint8Array, text: string) {
  const face = new Face(new Blob(await convert(font, "sfnt")), 0);
  const shaper = new Font(face);
  const buffer = new ShapingBuffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(shaper, buffer);
  const positions = buffer.getGlyphPositions();
  const glyphs = buffer.getGlyphInfos().map((info, i) => ({
    cluster: info.cluster,
    outline: shaper.glyphToPath(info.codepoint),
    missing: info.codepoint === 0,
    ...positions[i],
  }));
  return { glyphs, unicodes: [...face.collectUnicodes()] };
}

const committed = (weight: HeaderFontWeight) => readFileSync(headerFontFile(weight));

describe("the header's Telugu font", () => {
  const texts = headerTeluguTexts();

  it("is made from the header's own texts: its line and the switch's language name", () => {
    expect(texts).toContain(LANGUAGE_NAMES.te);
    expect(texts.filter((text) => text !== LANGUAGE_NAMES.te).length).toBeGreaterThan(0);
  });

  for (const weight of HEADER_FONT_WEIGHTS) {
    it(`${weight}: the committed file is what the texts make today (npm run header-font:write)`, async () => {
      expect(Buffer.compare(committed(weight), await headerFont(weight, texts)), "web/assets/fonts is stale: run npm run header-font:write").toBe(0);
    });

    it(`${weight}: sets every text exactly as the whole Noto Sans Telugu does`, async () => {
      for (const text of texts) {
        const subset = await setText(committed(weight), text);
        const whole = await setText(fullTeluguFace(weight), text);
        expect(
          subset.glyphs.filter((glyph) => glyph.missing),
          text,
        ).toEqual([]);
        expect(subset.glyphs, text).toEqual(whole.glyphs);
      }
    });

    it(`${weight}: holds no character beyond the texts and the hinter's reference letters`, async () => {
      const used = new Set([...(texts.join("") + HINTING_REFERENCE)].map((character) => character.codePointAt(0)));
      const { unicodes } = await setText(committed(weight), "");
      expect(unicodes.filter((unicode) => !used.has(unicode))).toEqual([]);
    });
  }
});
