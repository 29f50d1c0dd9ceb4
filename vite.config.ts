import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import UnoCSS from "@unocss/vite";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  // The SPA lives in web/; the Worker serves dist/client as static assets
  // (wrangler.toml [assets]).
  root: fileURLToPath(new URL("./web", import.meta.url)),
  publicDir: false,
  // uno.config.ts sits at the repo root, not in the Vite root.
  plugins: [react(), UnoCSS(fileURLToPath(new URL("./uno.config.ts", import.meta.url)))],
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    // Safari 15 is still common on members' older iPhones.
    target: ["es2022", "safari15", "chrome100"],
    // No inline data: URLs: fonts and images stay files the CSP allows.
    assetsInlineLimit: 0,
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
