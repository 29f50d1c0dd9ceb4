/**
 * The Content-Security-Policy source that allows exactly this inline script
 * or stylesheet, whatever else the policy forbids: `'sha256-…'` of its text.
 */
export async function cspHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}
