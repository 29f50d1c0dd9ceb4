// A multipart body written as a browser writes it (HTML's "multipart/form-data
// encoding algorithm"): every line break in a text field becomes CR+LF. workerd's
// own FormData serialisation sends them as typed, so tests that need what a
// phone's browser really sends build the body here.

const encoder = new TextEncoder();

/** `form` as a browser would post it: the body and its Content-Type with the boundary. */
export async function asBrowserPosts(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const boundary = "----BrowserFormBoundary7MA4YWxkTrZu0gW";
  const parts: Uint8Array[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value.replace(/\r\n|\r|\n/g, "\r\n")}\r\n`));
    } else {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`));
      parts.push(new Uint8Array(await value.arrayBuffer()));
      parts.push(encoder.encode("\r\n"));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
