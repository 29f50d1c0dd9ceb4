// The cards come with the page now (ADR 0031), so they could be drawn before
// the web fonts arrive, and the new letters' widths would then rewrap a
// card's rows or a message's line and move everything below (Lighthouse and
// the end-to-end run measured it, for Latin and for Telugu text alike). The
// list waits for the page font's faces, Latin and Telugu, which the heading
// and the header's Telugu line have already asked for, and at most a moment:
// on a network that cannot bring them, the cards matter more than the font.
// The faces are read from the stylesheet's own FontFace objects:
// `document.fonts.check()` answers true where a font of the same name is
// installed, before the web font is there.

const FAMILIES = new Set(["Noto Sans", "Noto Sans Telugu"]);
const MAX_WAIT_MS = 2000;

let ready: Promise<void> | undefined;

function pageFaces(): FontFace[] {
  const faces: FontFace[] = [];
  document.fonts.forEach((face) => {
    if (FAMILIES.has(face.family.replace(/["']/g, ""))) faces.push(face);
  });
  return faces;
}

export function webFontsLoaded(): boolean {
  return typeof document === "undefined" || pageFaces().every((face) => face.status === "loaded" || face.status === "error");
}

/** Resolves once the faces have loaded or failed, or after MAX_WAIT_MS. */
export function webFontsReady(): Promise<void> {
  ready ??= Promise.race([Promise.allSettled(pageFaces().map((face) => face.load())).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
  return ready;
}
