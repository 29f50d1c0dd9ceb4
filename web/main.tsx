import "@unocss/reset/tailwind.css";
// Only the weights and scripts the screens use; the Telugu file is fetched
// only on pages that show Telugu text.
import "@fontsource/noto-sans/latin-400.css";
import "@fontsource/noto-sans/latin-600.css";
import "@fontsource/noto-sans/latin-700.css";
import "@fontsource/noto-sans-telugu/telugu-400.css";
import "@fontsource/noto-sans-telugu/telugu-600.css";
import "virtual:uno.css";

// A page prerendered at build time (ADR 0031) is painted before the
// application's code runs: running it takes a slow phone's CPU a second or
// more, and the member reads the screen meanwhile. The code is already on
// its way (the page preloads it); an empty page starts at once.
if (document.getElementById("root")?.hasChildNodes()) await afterNextPaint();
await import("./app/start.tsx");

/** A hidden tab paints nothing: its application starts after a short wait all the same. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}
