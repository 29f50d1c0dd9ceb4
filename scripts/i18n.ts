import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { LANGUAGES } from "#shared/i18n/language.ts";
import { WEB_PARTS } from "#shared/i18n/parts.ts";
import { compiledCatalogueFile, compiledCatalogueText, compiledPartFile, compiledPartText, unplacedIds } from "./lib/i18n-catalogues.ts";

// `npm run i18n:write`: compiles shared/i18n/en.ts and te.ts into
// shared/i18n/compiled/: each language whole for the Worker, and in the
// parts of shared/i18n/parts.ts for the SPA (ADR 0040). Run it after
// changing a message.
for (const language of LANGUAGES) {
  writeFileSync(compiledCatalogueFile(language), compiledCatalogueText(language));
  const folder = new URL(`../shared/i18n/compiled/${language}/`, import.meta.url);
  mkdirSync(folder, { recursive: true });
  // A part renamed or removed leaves no file behind for the SPA to bundle.
  for (const file of readdirSync(folder)) rmSync(new URL(file, folder));
  for (const part of WEB_PARTS) writeFileSync(compiledPartFile(language, part), compiledPartText(language, part));
}
console.log(`wrote shared/i18n/compiled/{${LANGUAGES.join(",")}}.json and {${LANGUAGES.join(",")}}/{${WEB_PARTS.join(",")}}.json`);
const unplaced = unplacedIds();
if (unplaced.length > 0) {
  console.warn(`These ids' prefixes are in no part of shared/i18n/parts.ts, so the SPA's shell carries them until one names them: ${unplaced.join(", ")}`);
}
