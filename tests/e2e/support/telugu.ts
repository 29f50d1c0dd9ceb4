// Telugu mode in the end-to-end tests (ADR 0040): the device's choice is the
// `lang` cookie, and a screen in Telugu must show no text that is not in the
// Telugu catalogue. What members typed or the agency configured (names,
// education, places, the agency's name) is marked translate="no" by the
// screens — the HTML attribute that tells translators the same — and is
// skipped; everything else with a Latin word in it is a text the catalogue
// does not have.
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import type { LookupItem } from "#shared/api-types.ts";
import { E2E_BASE_URL } from "./e2e-server.ts";

/** Words Telugu readers read in Latin letters, as the Telugu catalogue writes them too. */
export const LATIN_WORDS_IN_TELUGU = ["WhatsApp", "ID", "OTP", "PDF", "LPA", "JPG", "JPEG", "PNG", "MB", "KB", "AM", "PM", "English"] as const;

export async function chooseTelugu(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: "lang", value: "te", url: E2E_BASE_URL }]);
}

/** Every visible text and every read-aloud attribute of the page that has a Latin word outside translate="no" and the allowed words. */
export async function untranslatedTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    (allowed) => {
      const allowedWords = new Set<string>(allowed);
      const latin = (text: string) => (text.match(/[A-Za-z][A-Za-z.'’-]*[A-Za-z]|[A-Za-z]/g) ?? []).filter((word) => !allowedWords.has(word) && word.length > 1);
      const skipped = (element: Element | null) => !element || element.closest('[translate="no"], script, style, template, noscript, svg') !== null;
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? "";
        if (!text || skipped(parent) || !parent?.checkVisibility()) continue;
        if (latin(text).length > 0) found.push(`text "${text}" in <${parent.tagName.toLowerCase()}>`);
      }
      for (const element of Array.from(document.body.querySelectorAll("[placeholder], [aria-label], [title], img[alt]"))) {
        if (skipped(element)) continue;
        for (const name of ["placeholder", "aria-label", "title", "alt"]) {
          const value = element.getAttribute(name);
          if (value && latin(value).length > 0) found.push(`${name} "${value}" on <${element.tagName.toLowerCase()}>`);
        }
      }
      // The page title ends with the agency's name, which the header shows as translate="no".
      const agencyName = document.querySelector('header [translate="no"]')?.textContent?.trim() ?? "";
      if (latin(agencyName ? document.title.replace(agencyName, "") : document.title).length > 0) found.push(`title "${document.title}"`);
      return found;
    },
    [...LATIN_WORDS_IN_TELUGU],
  );
}

/** The screen is in Telugu: <html lang="te"> and every text from the catalogue. */
export async function expectAllTelugu(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "te");
  // A page painted before the application runs (prerendered, or rendered by
  // the Worker, ADR 0031) gets its title from the application: the language
  // switch works once the application has taken the page over.
  await expect(page.getByTestId("language-switch")).toBeEnabled();
  expect(await untranslatedTexts(page), "texts not in the Telugu catalogue").toEqual([]);
}

/** The Telugu name a reference list (GET /api/{list}, open to all) gives a value the profile calls answer by its English name. */
export async function teluguListName(request: APIRequestContext, list: "religions" | "subcastes" | "districts" | "states", name: string | null): Promise<string> {
  const { data } = (await (await request.get(`/api/${list}`)).json()) as { data: LookupItem[] };
  const te = data.find((item) => item.name === name)?.nameTe;
  if (!te) throw new Error(`the list ${list} has no Telugu name for ${String(name)}`);
  return te;
}
