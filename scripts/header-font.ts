import { writeFileSync } from "node:fs";
import { HEADER_FONT_WEIGHTS, headerFont, headerFontFile, headerTeluguTexts } from "./lib/header-font.ts";

// `npm run header-font:write`: cuts the header's Telugu font
// (web/assets/fonts/telugu-header-*.woff2) down to the Telugu texts the header
// shows (scripts/lib/header-font.ts, ADR 0040). Run it after changing them.
const texts = headerTeluguTexts();
for (const weight of HEADER_FONT_WEIGHTS) {
  const font = await headerFont(weight, texts);
  writeFileSync(headerFontFile(weight), font);
  console.log(`wrote ${headerFontFile(weight).pathname.split("/").slice(-3).join("/")}: ${font.length} bytes`);
}
console.log(`for: ${texts.join(" | ")}`);
