/// <reference types="vite/client" />
// The catalogue's parts in the browser (web/lib/i18n.ts, ADR 0040): each its
// own chunk, fetched when a screen or a switch needs it. The Worker's render
// of /link (ADR 0031) takes worker/edge/catalogue-parts.ts instead (package.json
// "imports", condition "workerd"): esbuild has no `import.meta.glob`, and
// Vite's other way, a dynamic import with a template, adds a helper to every
// page's first load.
import type { Messages } from "@lingui/core";
import type { Language } from "#shared/i18n/language.ts";
import type { WebPart } from "#shared/i18n/parts.ts";

// Keyed "./te/search.json" (`base`), each taking the module rather than its
// default export: the map is part of every page's first load.
const PART_FILES = import.meta.glob<{ default: Messages }>("./*/*.json", { base: "../../shared/i18n/compiled" });

export function importPart(language: Language, part: WebPart): Promise<Messages> {
  const load = PART_FILES[`./${language}/${part}.json`];
  if (!load) throw new Error(`No compiled catalogue part ${language}/${part}: run \`npm run i18n:write\``);
  return load().then((module) => module.default);
}
