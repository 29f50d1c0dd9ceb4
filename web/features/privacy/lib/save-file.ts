// Hands a downloaded file to the browser's own "save" the way a link with a
// download attribute does: the file never opens inside the app, and on a
// phone it lands in Downloads, where WhatsApp and the file manager find it.

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; a minute is plenty.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The name in `Content-Disposition: attachment; filename="..."`, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header?.match(/filename="([^"]+)"/);
  return match?.[1] ?? null;
}
