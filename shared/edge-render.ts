// The Worker renders some pages' screens into their HTML (ADR 0031: /link's
// list; ADR 0041: a signed-in member's /search; ADR 0042: their requests received) with the screens' own
// components, which only the web project can type-check: the Worker imports
// the renderer as `#edge-render` (package.json "imports"), which TypeScript
// resolves to this file's declarations and the bundlers (wrangler's esbuild,
// Vite for the Worker tests) to web/app/edge-render.tsx, which is checked
// against the same types.
import type { Language } from "./i18n/language.ts";
import type { ViewedByPageData } from "./page-session.ts";
import type { RenderedPage } from "./prerendered-pages.ts";
import type { PublicListData } from "./public-list.ts";
import type { SearchLists, SearchPageData } from "./search-lists.ts";

interface PageInput {
  /** The page's address as the browser's router reads it (path and query). */
  url: string;
  /** The language the browser's first render will use (the `lang` cookie, else Accept-Language). */
  language: Language;
  /** The Worker's configuration, which the page's meta tags give the browser. */
  agency: { name: string; phone: string };
}

export interface LinkPageInput extends PageInput {
  /** What the page's data block carries: the screen reads it as it does in the browser. */
  list: PublicListData;
}

export interface SearchPageInput extends PageInput {
  /** What the page's two data blocks carry: the reference lists and the member with their first page. */
  lists: SearchLists;
  page: SearchPageData;
}

export interface ViewedByPageInput extends PageInput {
  /** What the page's data block carries: the member with their list's first page. */
  page: ViewedByPageData;
}

/** A /link page whose list came with it, rendered. */
export type RenderLinkPage = (page: LinkPageInput) => Promise<RenderedPage>;
/** A signed-in member's /search, rendered; undefined where the browser's first render could differ from the Worker's. */
export type RenderSearchPage = (page: SearchPageInput) => Promise<RenderedPage | undefined>;

/** A signed-in member's /viewed_by_profiles, rendered; undefined where the browser's first render could differ from the Worker's. */
export type RenderViewedByPage = (page: ViewedByPageInput) => Promise<RenderedPage | undefined>;

export declare const renderLinkPage: RenderLinkPage;
export declare const renderViewedByPage: RenderViewedByPage;
export declare const renderSearchPage: RenderSearchPage;
