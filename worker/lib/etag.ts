// Strong entity tags and the If-None-Match check (RFC 9110 sections 8.8.3
// and 13.1.2): the edge cache's answers (ADR 0029) and the link-preview
// images (ADR 0017) are revalidated with them.

/** A strong ETag of `bytes`: the first 18 bytes of their SHA-256, in URL-safe base64. */
export async function strongEtag(bytes: ArrayBuffer | ArrayBufferView): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let binary = "";
  for (const byte of digest.subarray(0, 18)) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_")}"`;
}

/** Whether an If-None-Match header names `etag`, compared weakly (RFC 9110 section 13.1.2): W/"x" matches "x". */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}
