import "@unocss/reset/tailwind.css";
import "./styles/fonts.css";
// The header's own Telugu texts need only their few glyphs, so an English
// page downloads no whole Telugu face for them (ADR 0040).
import "./styles/telugu-header.css";
import "virtual:uno.css";
import { AFTER_PAINT_TEMPLATE_ID } from "#shared/page-placeholders.ts";

// A page prerendered at build time, or rendered by the Worker (/link), is painted before the
// application's code runs: running it takes a slow phone's CPU a second or
// more, and the member reads the screen meanwhile. Its code is fetched only
// after that paint too, so that it does not share a slow network with the
// styles the paint waits for; an empty page starts at once.
if (document.getElementById("root")?.hasChildNodes()) {
  await afterNextPaint();
  preloadAfterPaint();
}
await import("./app/start.tsx");

/** The page's preloads held back until now (vite.config.ts routePages): the application and the screen's code, all at once. */
function preloadAfterPaint(): void {
  const held = document.getElementById(AFTER_PAINT_TEMPLATE_ID);
  if (held instanceof HTMLTemplateElement) document.head.append(held.content);
}

/** A hidden tab paints nothing: its application starts after a short wait all the same. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}
