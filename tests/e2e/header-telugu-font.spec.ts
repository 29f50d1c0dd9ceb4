import { expect, test, type Page } from "@playwright/test";
import { LANGUAGE_NAMES } from "#shared/i18n/language.ts";
import { chooseTelugu } from "./support/telugu.ts";

// The header's fixed Telugu texts come in a font of their own, cut down to
// their glyphs (ADR 0040, "the header's Telugu font"): an English page
// downloads no whole Telugu face for them, a Telugu page still sets its own
// texts in the whole faces, and the header's line and switch are set in
// the small font in both. Pictures of the header in either language, to
// compare with a build from before the change.

const WHOLE_TELUGU_FACE = /noto-sans-telugu-telugu-\d+-normal[^/]*\.woff2$/;
const HEADER_FACE = /telugu-header-(\d+)[^/]*\.woff2$/;

/** The paths of the font files the page requests from now on. */
function fontRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Waits until every face the page asked for has arrived, then pictures the header. */
async function headerPicture(page: Page, name: string): Promise<void> {
  const line = page.locator('header [lang="te"]').first();
  await expect(line).toBeVisible();
  await expect(page.getByTestId("language-switch")).toBeEnabled();
  await page.evaluate(() => document.fonts.ready);
  await page.locator("header").screenshot({ path: `tests/e2e/screenshots/${name}.png` });
}

/** The weights of the header font's faces the page has loaded. */
function headerWeightsLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const weights: string[] = [];
    document.fonts.forEach((face) => {
      if (face.family.replace(/["']/g, "") === "Telugu Header" && face.status === "loaded") weights.push(face.weight);
    });
    return weights.sort();
  });
}

/** The weights of the whole Noto Sans Telugu faces the page has loaded. */
function wholeTeluguFacesLoaded(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const weights: string[] = [];
    document.fonts.forEach((face) => {
      if (face.family.replace(/["']/g, "") === "Noto Sans Telugu" && face.status === "loaded") weights.push(face.weight);
    });
    return weights.sort();
  });
}

test.describe("the header's Telugu font", () => {
  test("an English page downloads the header's small font and no whole Telugu face", async ({ page }, testInfo) => {
    const fonts = fontRequests(page);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("language-switch")).toHaveText(LANGUAGE_NAMES.te);
    await headerPicture(page, `${testInfo.project.name}-header-font-en`);

    expect(
      fonts.filter((path) => WHOLE_TELUGU_FACE.test(path)),
      "whole Telugu faces",
    ).toEqual([]);
    // The line under the agency's name is regular, the switch semibold.
    expect(
      fonts
        .map((path) => path.match(HEADER_FACE)?.[1])
        .filter(Boolean)
        .sort(),
    ).toEqual(["400", "600"]);
    expect(await headerWeightsLoaded(page)).toEqual(["400", "600"]);
  });

  test("a Telugu page sets its texts in the whole faces and keeps the small font in the header", async ({ page }, testInfo) => {
    await chooseTelugu(page.context());
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "te");
    await expect(page.getByTestId("language-switch")).toHaveText(LANGUAGE_NAMES.en);
    await headerPicture(page, `${testInfo.project.name}-header-font-te`);

    // Downloaded, or the system's own where it has them (web/styles/fonts.css: local()).
    expect(await wholeTeluguFacesLoaded(page), "the page's own Telugu texts need the whole faces").not.toEqual([]);
    // The switch says "English" here, all in Noto Sans: only the line needs the small font.
    expect(await headerWeightsLoaded(page)).toEqual(["400"]);
  });
});
