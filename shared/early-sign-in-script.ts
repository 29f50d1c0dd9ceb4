// An auto-login page's first script (web/app/early-link-sign-in.ts) is
// written into the page itself (vite.config.ts): as a file of its own it cost
// a round trip before the sign-in could leave, on the slow network a tapped
// link is opened on (ADR 0042). The Content-Security-Policy allows exactly
// this script, by its hash, on the pages that carry it
// (worker/edge/static-assets.ts, worker/middleware/security-headers.ts).

const ATTRIBUTE = "data-early-sign-in";
const TAG = new RegExp(`<script type="module" async ${ATTRIBUTE}>([\\s\\S]*?)</script>`);

/** The script element of a page that runs `code` as soon as it is parsed, without waiting for the page's styles. */
export function earlySignInTag(code: string): string {
  // `</script` would end the element and `<!--` change how the page parses it; the browser
  // hashes the text with CR turned into LF and NUL replaced, unlike the Worker.
  if (/<\/script|<!--|\r|\0/i.test(code)) throw new Error("early sign-in script: its code cannot be written inside a <script> element");
  return `<script type="module" async ${ATTRIBUTE}>${code}</script>`;
}

/** The code of a page's early sign-in script, as earlySignInTag wrote it, if the page has one. */
export function earlySignInCode(html: string): string | undefined {
  return TAG.exec(html)?.[1];
}
