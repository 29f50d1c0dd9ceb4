import { defineConfig } from "@unocss/vite";
import presetWind3 from "@unocss/preset-wind3";

// A warm palette for a Telugu marriage bureau: deep maroon (kumkum) for
// actions and headings, saffron (pasupu) for accents and the focus ring,
// on white. Text colours are chosen for at least 7:1 contrast on white so
// that elderly parents reading on a phone in daylight can read them.
const maroon = {
  50: "#fdf3f4",
  100: "#fbe4e7",
  200: "#f4c4cb",
  300: "#e797a3",
  400: "#d2606f",
  500: "#b3384b",
  600: "#962438",
  700: "#7c1c2e",
  800: "#661827",
  900: "#521421",
};

const saffron = {
  50: "#fff8eb",
  100: "#feecc7",
  200: "#fdd688",
  300: "#fbbc4b",
  400: "#f6a123",
  500: "#e8850c",
  600: "#c46507",
  700: "#9b4a0b",
  800: "#7d3b10",
  900: "#673110",
};

export default defineConfig({
  presets: [presetWind3()],
  theme: {
    colors: {
      maroon,
      saffron,
      ink: { DEFAULT: "#2a1b18", muted: "#5b4a45" },
      line: "#e7d9cf",
    },
    fontFamily: {
      // Noto Sans for Latin text, Noto Sans Telugu for Telugu glyphs; both
      // are bundled (@fontsource), because the CSP and offline use forbid CDNs.
      sans: '"Noto Sans", "Noto Sans Telugu", system-ui, sans-serif',
    },
  },
  shortcuts: {
    btn: "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 min-h-12 text-base font-semibold leading-tight no-underline transition-colors cursor-pointer disabled:opacity-60 disabled:cursor-not-allowed",
    "btn-primary": "btn bg-maroon-700 text-white hover:bg-maroon-800 disabled:hover:bg-maroon-700",
    "btn-outline": "btn border-2 border-maroon-700 bg-white text-maroon-700 hover:bg-maroon-50",
    "field-label": "block text-base font-semibold text-ink mb-1",
    "field-input":
      "block w-full rounded-lg border-2 border-line bg-white px-3 py-3 min-h-12 text-base text-ink placeholder:text-ink-muted hover:border-maroon-300 focus:border-maroon-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:hover:border-red-700 disabled:cursor-not-allowed disabled:border-dashed disabled:bg-[#f7f1ec] disabled:hover:border-line",
    "field-error": "mt-1 text-sm font-semibold text-red-800",
    "field-hint": "mt-1 text-sm text-ink-muted",
    // The native arrow is kept (it is what members recognise); room is left for it.
    "field-select": "pr-8 cursor-pointer disabled:cursor-not-allowed",
    "field-file":
      "block w-full min-h-12 rounded-lg border-2 border-dashed border-line bg-white p-2 text-base text-ink cursor-pointer aria-[invalid=true]:border-red-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-maroon-700 file:px-4 file:py-2 file:text-base file:font-semibold file:text-white file:cursor-pointer",
    "btn-small":
      "inline-flex items-center justify-center gap-1 rounded-lg px-4 py-2 min-h-11 min-w-11 text-base font-semibold leading-tight cursor-pointer disabled:opacity-60 disabled:cursor-not-allowed",
    "btn-danger": "btn-small border-2 border-red-700 bg-white text-red-800 hover:bg-red-50",
    "btn-quiet": "btn-small border-2 border-maroon-700 bg-white text-maroon-700 hover:bg-maroon-50",
    tab: "min-h-11 rounded-full border-2 border-line bg-white px-4 py-2 text-base font-semibold text-ink cursor-pointer hover:border-maroon-300",
    "tab-active": "border-maroon-700 bg-maroon-700 text-white hover:border-maroon-700",
    "form-section": "card px-4 py-5 sm:px-6 sm:py-6",
    "form-section-title": "mb-4 text-xl font-bold text-maroon-800",
    "form-grid": "grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2",
    card: "rounded-xl border border-line bg-white shadow-sm",
  },
  preflights: [
    {
      // One visible focus style for every focusable element, so that no
      // screen has to remember it (WCAG 2.4.7).
      getCSS: () => `
        html { -webkit-text-size-adjust: 100%; }
        body { font-size: 1rem; line-height: 1.6; color: #2a1b18; background: #ffffff; }
        :focus-visible { outline: 3px solid ${saffron[500]}; outline-offset: 2px; }
      `,
    },
  ],
});
