import { useEffect } from "react";
import { agency } from "./agency.ts";

/** The document title of a screen (section 1: a page title per screen). */
export function pageTitle(title: string): string {
  const name = agency().name;
  return name ? `${title} | ${name}` : title;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
