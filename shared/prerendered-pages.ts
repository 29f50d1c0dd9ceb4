// The screens the build renders into their HTML pages (ADR 0031), once per
// language (ADR 0040): /login is login.html in English and login.te.html in
// Telugu. vite.config.ts writes them; the Worker serves the one of the
// request's language, so a Telugu reader's first paint is Telugu and the
// SPA, starting in the same language, hydrates the same markup.
// /new_profiles_link's brief page starts no SPA: its first script alone
// opens /profile_link after 1 s (ADR 0045).
import { DEFAULT_LANGUAGE, type Language } from "./i18n/language.ts";
import { AUTO_LOGIN_PATHS, autoLoginKindAt, pagePath } from "./links.ts";

export const PRERENDERED_PAGES = ["login", "new_registration", "new_profiles_link"] as const;

/** A screen rendered without a browser (at build time, or /link's list by the Worker): #root's markup and the page's title. */
export interface RenderedPage {
  markup: string;
  title: string;
}

/** The asset path of `page` (a name of PRERENDERED_PAGES) in `language`; the assets binding adds ".html". */
export function prerenderedAsset(page: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? `/${page}` : `/${page}.${language}`;
}

/** The prerendered page a path names, if any: "/login" and "/login/" alike. */
export function prerenderedPage(pathname: string): string | undefined {
  const name = pagePath(pathname).slice(1);
  return PRERENDERED_PAGES.find((page) => page === name);
}

/**
 * The auto-login page a path names, if any: written in each language too,
 * with the sign-in in progress as its first paint, which the application
 * replaces rather than adopts (ADR 0042).
 */
export function linkSplashPage(pathname: string): string | undefined {
  const kind = autoLoginKindAt(pathname);
  return kind && AUTO_LOGIN_PATHS[kind].slice(1);
}
