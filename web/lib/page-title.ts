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

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
