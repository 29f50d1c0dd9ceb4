import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import UnoCSS from "@unocss/vite";
import { escapeHtml } from "./shared/escape-html.ts";
import { AUTO_LOGIN_PATHS, NEW_PROFILES_PATH } from "./shared/links.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./shared/i18n/language.ts";
import type { WebPart } from "./shared/i18n/parts.ts";
import { earlySignInCode, earlySignInTag } from "./shared/early-sign-in-script.ts";
import { LINK_SPLASH_ATTRIBUTE } from "./shared/link-splash.ts";
import { AFTER_PAINT_TEMPLATE_ID, APPLICATION_TEMPLATE_ID } from "./shared/page-placeholders.ts";
import { PRERENDERED_PAGES, prerenderedAsset, type RenderedPage } from "./shared/prerendered-pages.ts";
import { SCREEN_MESSAGES, type Screen } from "./web/app/screen-messages.ts";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const webRoot = fileURLToPath(new URL("./web", import.meta.url));

export default defineConfig({
  // The SPA lives in web/; the Worker serves dist/client as static assets
  // (wrangler.toml [assets]).
  root: fileURLToPath(new URL("./web", import.meta.url)),
  publicDir: false,
  // uno.config.ts sits at the repo root, not in the Vite root.
  plugins: [react(), UnoCSS(fileURLToPath(new URL("./uno.config.ts", import.meta.url))), routePages()],
  // React Router 7's package.json names only its development build, whose
  // warnings cost /search 600 bytes gzip of first-load JS; its production
  // build, in the same package, differs by ENABLE_DEV_WARNINGS alone (ADR 0044).
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
      { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)) },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    // Safari 15 is still common on members' older iPhones.
    target: ["es2022", "safari15", "chrome100"],
    // No inline data: URLs: fonts and images stay files the CSP allows.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // What every page runs first, as one file: left to the automatic
        // splitting, it came in pieces that moved between screens' chunks
        // with every lazy import, each piece costing a page its own overhead
        // (first-load JS, ADR 0031).
        codeSplitting: {
          groups: [
            { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/ },
            // Vite's preload helper, which main.tsx imports too: in a group of
            // its own, or the "app" group below would take it in with its
            // modules' imports, and main.tsx would load that whole group
            // before the first paint.
            { name: "preload-helper", test: /^\0vite[\\/]preload-helper/ },
            // The application before any screen (what web/app/start.tsx
            // imports): one file too, instead of a dozen pieces shared with
            // the screens. Not start.tsx itself: its top-level await waits
            // for a screen's code, which imports this file, so the two would
            // wait for each other.
            { name: (id, context) => (startsTheApp(id, context) ? "app" : null), debugName: "app" },
            // What a route page's screen imports beyond the application, as
            // one file per set of route pages that share it (ADR 0040): left
            // to the automatic splitting, /search came in 21 files, split by
            // every other screen that shares a module, and each file costs a
            // page its own compression overhead (first-load JS, ADR 0031).
            // Only the modules themselves: a group takes in what they import by
            // default, and a module other pages share would then come with it.
            { name: (id, context) => routePagesGroup(id, context), debugName: "route-pages", includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    // `vite` for UI work, with the API from `npm run dev` (wrangler on 8787).
    port: 5173,
    fs: { allow: [repoRoot] },
    proxy: {
      "/api": "http://localhost:8787",
      "/images": "http://localhost:8787",
    },
  },
});

const ENTRY = join(webRoot, "main.tsx");
const START = join(webRoot, "app/start.tsx");
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const startOnly = new WeakMap<ChunkingContext, Set<string>>();

/** `from` and what it imports, directly or through its imports (not through import()). */
function staticImports(from: string, context: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const stack = [from];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(context.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}

/** Whether `id` is what web/app/start.tsx imports and main.tsx does not: main.tsx's own imports run before the first paint. */
function startsTheApp(id: string, context: ChunkingContext): boolean {
  let modules = startOnly.get(context);
  if (!modules) {
    const entry = staticImports(ENTRY, context);
    modules = new Set([...staticImports(START, context)].filter((module) => module !== START && !entry.has(module)));
    startOnly.set(context, modules);
  }
  return modules.has(id);
}

/** Each module's group name (routePagesGroup), by build (context). */
const routePagesGroups = new WeakMap<ChunkingContext, Map<string, string>>();

/**
 * The group of `id`: the names of the route pages (ROUTE_PAGES) whose screen
 * imports it (statically, not through import()), if the application (or the
 * entry, main.tsx) does not; null for what only other screens import, which the automatic
 * splitting keeps. A page loads a group only if its screen needs every
 * module in it. Another screen that shares a module with a page loads that
 * module's whole group (the password screens load /search's for its
 * contact buttons):
 * later and cached, against a budget only the pages have (ADR 0040).
 */
function routePagesGroup(id: string, context: ChunkingContext): string | null {
  let groups = routePagesGroups.get(context);
  if (!groups) {
    // What every page runs anyway: main.tsx's own imports, and the application's.
    const app = new Set([...staticImports(ENTRY, context), ...staticImports(START, context)]);
    const pages = new Map<string, string[]>();
    for (const [screen, module] of Object.entries(ROUTE_PAGES)) {
      for (const imported of staticImports(join(webRoot, module), context)) {
        if (!app.has(imported)) pages.set(imported, [...(pages.get(imported) ?? []), screen]);
      }
    }
    groups = new Map([...pages].map(([module, screens]) => [module, screens.join("-")]));
    routePagesGroups.set(context, groups);
  }
  return groups.get(id) ?? null;
}

/**
 * The screens a link on WhatsApp opens, and the screen a member lands on,
 * by path: each gets a page of its own (ADR 0031).
 */
const ROUTE_PAGES: Partial<Record<Screen, string>> = {
  login: "features/auth/routes/login.tsx",
  new_registration: "features/registration/routes/new-registration.tsx",
  link: "features/public-profiles/routes/public-profiles.tsx",
  profile_link: "features/auto-login/routes/profile-link.tsx",
  interest_link: "features/auto-login/routes/interest-link.tsx",
  whatsapp_link: "features/auto-login/routes/whatsapp-link.tsx",
  search: "features/search/routes/search.tsx",
};

/**
 * The screens that depend on nothing but their path: their pages carry their
 * markup, rendered at build time by web/app/prerender.tsx (ADR 0031), a page
 * per language (ADR 0040).
 */
const PRERENDERED = new Set<string>(PRERENDERED_PAGES);

/**
 * The pages that start their link's sign-in before the application
 * (web/app/early-link-sign-in.ts, ADR 0042): built apart, so that it shares no
 * chunk with the application, whose code it must not wait for, and written
 * into each of those pages (shared/early-sign-in-script.ts).
 */
const EARLY_SIGN_IN_PAGES = new Set(Object.values(AUTO_LOGIN_PATHS).map((path) => path.slice(1)));
const EARLY_SIGN_IN_ENTRY = join(webRoot, "app/early-link-sign-in.ts");
/**
 * The page whose prerendered markup is all it shows, with that same first
 * script as its only one: /new_profiles_link's brief page, which opens
 * /profile_link after 1 s (ADR 0045). It never starts the application.
 */
const BRIEF_PAGES = new Set([NEW_PROFILES_PATH.slice(1)]);

/** Builds web/app/early-link-sign-in.ts on its own, into nothing but its code. */
async function buildEarlySignIn(target: string[]): Promise<string> {
  const output = await build({
    configFile: false,
    root: webRoot,
    logLevel: "warn",
    build: { write: false, target, rolldownOptions: { input: EARLY_SIGN_IN_ENTRY } },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ("output" in result ? result.output : []));
  const entry = chunks.find((chunk) => chunk.type === "chunk" && chunk.isEntry);
  if (entry?.type !== "chunk" || chunks.length !== 1) throw new Error("route-pages: web/app/early-link-sign-in.ts must build into one file");
  return entry.code.trim();
}

/**
 * Writes `<path>.html` beside index.html for each of ROUTE_PAGES: the same
 * page, which also names the application's and the screen's own code and
 * styles, and the catalogue parts the screen shows in the page's language
 * (ADR 0040), so that a slow phone fetches them all at once instead of one
 * round trip after another (ADR 0031). The fonts are not preloaded: they would
 * compete with the styles the first paint waits for, and the text paints
 * in a fallback font meanwhile. The assets binding serves
 * /login from login.html; any other path still gets index.html.
 */
function routePages(): Plugin {
  const heads = new Map<string, Map<Language, string>>();
  let outDir = "";
  let target: string[] = [];
  return {
    name: "route-pages",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      target = [config.build.target].flat().filter((value): value is string => typeof value === "string");
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === "chunk" ? [item] : []));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("route-pages: the build has no entry chunk");
      const loaded = new Set<string>();
      const visit = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of (bundle[fileName] as { imports?: string[] } | undefined)?.imports ?? []) visit(imported, into);
      };
      visit(entry.fileName, loaded);
      /** The stylesheets and preloads of a page that starts with `roots` (and what they import). */
      const pageHead = (path: string, roots: string[]): string => {
        const own = new Set<string>();
        for (const root of roots) visit(root, own);
        const scripts = [...own].filter((name) => !loaded.has(name));
        const styles = scripts.flatMap((name) => [...((bundle[name] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]);
        const preloads = scripts.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`);
        return [
          ...styles.map((name) => `<link rel="stylesheet" crossorigin href="/${name}">`),
          // A prerendered page's preloads wait in a template, which fetches
          // nothing, until main.tsx adds them after the first paint: fetched
          // at once, the application's code would share a slow network with
          // the styles the first paint waits for.
          ...(PRERENDERED.has(path) ? [`<template id="${AFTER_PAINT_TEMPLATE_ID}">${preloads.join("")}</template>`] : preloads),
        ].join("\n    ");
      };
      // main.tsx starts the application (web/app/start.tsx) with an import of its own.
      const start = chunks.find((chunk) => chunk.facadeModuleId === join(webRoot, "app/start.tsx"));
      if (!start) throw new Error("route-pages: no chunk for app/start.tsx");
      // A catalogue part's chunk (web/lib/i18n.ts), the shell's too: each language's page names its own.
      const partChunk = (language: Language, part: WebPart): string => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === join(repoRoot, `shared/i18n/compiled/${language}/${part}.json`));
        if (!chunk) throw new Error(`route-pages: no chunk for the catalogue part ${language}/${part}; run npm run i18n:write`);
        return chunk.fileName;
      };
      for (const [path, module] of Object.entries(ROUTE_PAGES) as [Screen, string][]) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === join(webRoot, module));
        if (!page) throw new Error(`route-pages: no chunk for ${module}; update ROUTE_PAGES in vite.config.ts`);
        const parts: WebPart[] = ["shell", ...SCREEN_MESSAGES[path]];
        const roots = (language: Language) => [start.fileName, page.fileName, ...parts.map((part) => partChunk(language, part))];
        // A page the Worker serves in one language only is in the default one.
        const languages = PRERENDERED.has(path) || EARLY_SIGN_IN_PAGES.has(path) ? LANGUAGES : [DEFAULT_LANGUAGE];
        heads.set(path, new Map(languages.map((language) => [language, pageHead(path, roots(language))])));
      }
    },
    async writeBundle() {
      const index = readFileSync(join(outDir, "index.html"), "utf8");
      // Built for Node apart from the app, into a folder of its own, and run here.
      const serverOutDir = fileURLToPath(new URL("./node_modules/.cache/prerender", import.meta.url));
      await build({
        configFile: false,
        root: webRoot,
        logLevel: "warn",
        build: { ssr: "app/prerender.tsx", outDir: serverOutDir, emptyOutDir: true },
      });
      const { renderPage, renderLinkSplash } = (await import(pathToFileURL(join(serverOutDir, "prerender.js")).href)) as {
        renderPage: (path: string, language: Language) => Promise<RenderedPage>;
        renderLinkSplash: (path: Screen, language: Language) => Promise<RenderedPage>;
      };
      const earlyCode = await buildEarlySignIn(target);
      const earlyScript = earlySignInTag(earlyCode);
      // index.html's own: the entry (web/main.tsx) and what Vite preloads for it.
      const entry = [
        ...index.matchAll(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>|<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g),
      ].map(([tag]) => tag);
      if (!entry.some((tag) => tag.startsWith("<script"))) throw new Error("route-pages: index.html names no entry script");
      // Every insertion below goes through a function: a replacement string would read `$&`, `$'` and
      // the like in the markup or the script's code as patterns.
      /** `page` with `rendered` in its root, written as `path`'s file in `language`; one at a time, as the renderer's language is global to it. */
      const writeRendered = (path: string, language: Language, page: string, { markup, title }: RenderedPage, rootAttributes = "") => {
        const html = page
          .replace('<html lang="en">', () => `<html lang="${language}">`)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
          .replace('<div id="root"></div>', () => `<div id="root"${rootAttributes}>${markup}</div>`);
        // The Worker allows the script by the hash of the text it finds (worker/edge/static-assets.ts).
        const written = earlySignInCode(html);
        if (written !== undefined && written !== earlyCode) throw new Error(`route-pages: ${path} does not carry the early sign-in script as built`);
        writeFileSync(join(outDir, `${prerenderedAsset(path, language).slice(1)}.html`), html);
      };
      const writePrerendered = async (path: string, language: Language, page: string) => writeRendered(path, language, page, await renderPage(`/${path}`, language));
      for (const path of BRIEF_PAGES) {
        // index.html's styles, the markup and the first script: no application.
        const page = entry.reduce((html, tag) => html.replace(tag, ""), index).replace("</head>", () => `  ${earlyScript}\n  </head>`);
        for (const language of LANGUAGES) await writePrerendered(path, language, page);
      }
      for (const [path, headByLanguage] of heads) {
        const pageIn = (language: Language) => index.replace("</head>", () => `  ${headByLanguage.get(language)}\n  </head>`);
        if (EARLY_SIGN_IN_PAGES.has(path)) {
          // The application, entry and preloads, waits in a template, which fetches
          // nothing, for the early sign-in to start it (ADR 0042); the page
          // shows its sign-in in progress from the first paint.
          for (const language of LANGUAGES) {
            const head = headByLanguage.get(language) ?? "";
            const page = entry.reduce((html, tag) => html.replace(tag, ""), pageIn(language));
            const held = `<template id="${APPLICATION_TEMPLATE_ID}">${entry.join("")}${head}</template>`;
            writeRendered(
              path,
              language,
              page.replace(head, () => `${earlyScript}\n    ${held}`),
              await renderLinkSplash(path as Screen, language),
              ` ${LINK_SPLASH_ATTRIBUTE}`,
            );
          }
          continue;
        }
        if (!PRERENDERED.has(path)) {
          writeFileSync(join(outDir, `${path}.html`), pageIn(DEFAULT_LANGUAGE));
          continue;
        }
        for (const language of LANGUAGES) await writePrerendered(path, language, pageIn(language));
      }
    },
  };
}
