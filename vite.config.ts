import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import UnoCSS from "@unocss/vite";
import { LANGUAGES, type Language } from "./shared/i18n/language.ts";
import { AFTER_PAINT_TEMPLATE_ID } from "./shared/page-placeholders.ts";
import { PRERENDERED_PAGES, prerenderedAsset } from "./shared/prerendered-pages.ts";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const webRoot = fileURLToPath(new URL("./web", import.meta.url));

export default defineConfig({
  // The SPA lives in web/; the Worker serves dist/client as static assets
  // (wrangler.toml [assets]).
  root: fileURLToPath(new URL("./web", import.meta.url)),
  publicDir: false,
  // uno.config.ts sits at the repo root, not in the Vite root.
  plugins: [react(), UnoCSS(fileURLToPath(new URL("./uno.config.ts", import.meta.url))), routePages()],
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
          groups: [{ name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/ }],
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

/**
 * The screens a link on WhatsApp opens, and the screen a member lands on,
 * by path: each gets a page of its own (ADR 0031).
 */
const ROUTE_PAGES: Record<string, string> = {
  login: "features/auth/routes/login.tsx",
  new_registration: "features/registration/routes/new-registration.tsx",
  link: "features/public-profiles/routes/public-profiles.tsx",
  profile_link: "features/auto-login/routes/profile-link.tsx",
  interest_link: "features/auto-login/routes/interest-link.tsx",
  whatsapp_link: "features/auto-login/routes/whatsapp-link.tsx",
  new_profiles_link: "features/auto-login/routes/new-profiles-link.tsx",
  search: "features/search/routes/search.tsx",
};

/**
 * The screens that depend on nothing but their path: their pages carry their
 * markup, rendered at build time by web/app/prerender.tsx (ADR 0031), a page
 * per language (ADR 0040).
 */
const PRERENDERED = new Set<string>(PRERENDERED_PAGES);

/**
 * Writes `<path>.html` beside index.html for each of ROUTE_PAGES: the same
 * page, which also names the application's and the screen's own code and
 * styles, so that a slow phone fetches them all at once instead of one round
 * trip after another (ADR 0031). The fonts are not preloaded: they would
 * compete with the styles the first paint waits for, and the text paints
 * in a fallback font meanwhile. The assets binding serves
 * /login from login.html; any other path still gets index.html.
 */
function routePages(): Plugin {
  const heads = new Map<string, string>();
  let outDir = "";
  return {
    name: "route-pages",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
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
      // main.tsx starts the application (web/app/start.tsx) with an import of its own.
      const start = chunks.find((chunk) => chunk.facadeModuleId === join(webRoot, "app/start.tsx"));
      if (!start) throw new Error("route-pages: no chunk for app/start.tsx");
      for (const [path, module] of Object.entries(ROUTE_PAGES)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === join(webRoot, module));
        if (!page) throw new Error(`route-pages: no chunk for ${module}; update ROUTE_PAGES in vite.config.ts`);
        const own = new Set<string>();
        visit(start.fileName, own);
        visit(page.fileName, own);
        const scripts = [...own].filter((name) => !loaded.has(name));
        const styles = scripts.flatMap((name) => [...((bundle[name] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]);
        const preloads = scripts.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`);
        heads.set(
          path,
          [
            ...styles.map((name) => `<link rel="stylesheet" crossorigin href="/${name}">`),
            // A prerendered page's preloads wait in a template, which fetches
            // nothing, until main.tsx adds them after the first paint: fetched
            // at once, the application's code would share a slow network with
            // the styles the first paint waits for.
            ...(PRERENDERED.has(path) ? [`<template id="${AFTER_PAINT_TEMPLATE_ID}">${preloads.join("")}</template>`] : preloads),
          ].join("\n    "),
        );
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
      const { renderPage } = (await import(pathToFileURL(join(serverOutDir, "prerender.js")).href)) as {
        renderPage: (path: string, language: Language) => Promise<string>;
      };
      for (const [path, head] of heads) {
        const page = index.replace("</head>", `  ${head}\n  </head>`);
        if (!PRERENDERED.has(path)) {
          writeFileSync(join(outDir, `${path}.html`), page);
          continue;
        }
        // One after the other: the renderer's language is global to it.
        for (const language of LANGUAGES) {
          const markup = await renderPage(`/${path}`, language);
          const html = page.replace('<html lang="en">', `<html lang="${language}">`).replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
          writeFileSync(join(outDir, `${prerenderedAsset(path, language).slice(1)}.html`), html);
        }
      }
    },
  };
}
