import { writeFileSync } from "node:fs";
import { LANGUAGES } from "#shared/i18n/language.ts";
import { compiledCatalogueFile, compiledCatalogueText } from "./lib/i18n-catalogues.ts";

// `npm run i18n:write`: compiles shared/i18n/en.ts and te.ts into
// shared/i18n/compiled/*.json (ADR 0040). Run it after changing a message.
for (const language of LANGUAGES) writeFileSync(compiledCatalogueFile(language), compiledCatalogueText(language));
console.log(`wrote shared/i18n/compiled/{${LANGUAGES.join(",")}}.json`);
