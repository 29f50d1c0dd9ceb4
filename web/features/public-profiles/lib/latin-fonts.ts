// The cards come with the page now (ADR 0031), so they could be drawn before
// the Latin web font arrives, and its wider or narrower letters would then
// rewrap a card's rows and move everything below (Lighthouse measured it).
// The list waits for the Latin faces of the page's font, which the heading
// has already asked for, and at most a moment: on a network that cannot
// bring them, the cards matter more than the font. Telugu text needs no wait:
// its lines have fixed heights (ADR 0031). The faces are read from the
// stylesheet's own FontFace objects: `document.fonts.check()` answers true
// where a font of the same name is installed, before the web font is there.

const FAMILY = "Noto Sans";
const MAX_WAIT_MS = 2000;

let ready: Promise<void> | undefined;

function latinFaces(): FontFace[] {
  const faces: FontFace[] = [];
  document.fonts.forEach((face) => {
    if (face.family.replace(/["']/g, "") === FAMILY) faces.push(face);
  });
  return faces;
}

export function latinFontsLoaded(): boolean {
  return typeof document === "undefined" || latinFaces().every((face) => face.status === "loaded" || face.status === "error");
}

/** Resolves once the faces have loaded or failed, or after MAX_WAIT_MS. */
export function latinFontsReady(): Promise<void> {
  ready ??= Promise.race([Promise.allSettled(latinFaces().map((face) => face.load())).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
  return ready;
}
