// The Worker renders a /link page's list into its HTML (ADR 0031) with the
// screen's own components, which only the web project can type-check: the
// Worker imports the renderer as `#link-page-render` (package.json
// "imports"), which TypeScript resolves to this file's declaration and the
// bundlers (wrangler's esbuild, Vite for the Worker tests) to
// web/app/link-page-render.tsx, which is checked against the same type.
import type { Language } from "./i18n/language.ts";
import type { RenderedPage } from "./prerendered-pages.ts";
import type { PublicListData } from "./public-list.ts";

export interface LinkPageInput {
  /** The page's address as the browser's router reads it (path and query). */
  url: string;
  /** The language the browser's first render will use (the `lang` cookie, else Accept-Language). */
  language: Language;
  /** The Worker's configuration, which the page's meta tags give the browser. */
  agency: { name: string; phone: string };
  /** What the page's data block carries: the screen reads it as it does in the browser. */
  list: PublicListData;
}

/** A /link page whose list came with it, rendered. */
export type RenderLinkPage = (page: LinkPageInput) => Promise<RenderedPage>;

export declare const renderLinkPage: RenderLinkPage;
