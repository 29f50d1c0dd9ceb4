import { useEffect } from "react";
import { agency } from "./agency.ts";

/**
 * The document title of a screen (§ "1. What the product does and for whom": a page title per screen): the
 * screen's title in the active language, then the agency's name as it is
 * configured (ADR 0040). Screens pass `t(id)`, so the title follows a switch
 * of language.
 */
export function pageTitle(title: string): string {
  const name = agency().name;
  return name ? `${title} | ${name}` : title;
}

// A screen rendered without a browser (the build's prerendered pages, /link's
// cards rendered by the Worker; ADR 0031) has no document to title: its title
// is kept for the page's own <title>, so that the page is named from its
// first paint, in a tab and in WhatsApp's browser bar, not when its code runs.
// The screen's own title is kept, not yet the whole page title: in the
// browser the assignment is dead code, and without a call beside it the
// bundler leaves the statement out of the first load.
let renderedTitle: string | undefined;

export function usePageTitle(title: string): void {
  if (typeof document === "undefined") renderedTitle = title;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

/** The title the screen rendered without a browser asked for, once: the next render starts without one. */
export function takeRenderedTitle(): string | undefined {
  const title = renderedTitle;
  renderedTitle = undefined;
  return title === undefined ? undefined : pageTitle(title);
}
