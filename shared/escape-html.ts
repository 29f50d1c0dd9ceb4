// Text and attribute values written into HTML by hand (the Worker's pages, the
// build's prerendered pages, the member's data export): the five characters
// that could end a text or a quoted attribute are written as entities.
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
