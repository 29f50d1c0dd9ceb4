/**
 * Keeps a cookie of this site for a year from now, or removes it (`value`
 * null): the device's language (lib/i18n.ts), the page session
 * (shared/page-session.ts). Secure wherever the page is.
 */
export function setCookie(name: string, value: string | null, path = "/"): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari 15, which the build targets (vite.config.ts).
  document.cookie = `${name}=${value ?? ""}; Path=${path}; Max-Age=${value === null ? 0 : 31_536_000}; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}
