// The agency's promotional messages use WhatsApp's markup (section 3, "Public
// message"): *bold*, _italic_, ~strike~ and line breaks. They are parsed into
// a small tree that the page turns into React elements, so a message is only
// ever text on screen: no HTML in it is rendered, whatever it contains.

export type MarkupStyle = "bold" | "italic" | "strike";

export type MarkupNode = string | { style: MarkupStyle; children: MarkupNode[] } | { style: "break" };

const MARKERS: Record<string, MarkupStyle> = { "*": "bold", _: "italic", "~": "strike" };

// Telugu letters carry vowel signs (combining marks), which count as part of a word.
const WORD = /[\p{L}\p{N}\p{M}]/u;
const SPACE = /\s/u;

function isWord(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

/**
 * As WhatsApp reads it: a marker opens before a non-space and not inside a
 * word ("2*3" is not bold), and closes after a non-space and not before a
 * word; a marker without its partner on the same line is plain text.
 */
function canOpen(chars: readonly string[], i: number, marker: string): boolean {
  const next = chars[i + 1];
  return next !== undefined && next !== marker && !SPACE.test(next) && !isWord(chars[i - 1]);
}

function closingIndex(chars: readonly string[], open: number, marker: string): number {
  for (let j = open + 2; j < chars.length; j++) {
    if (chars[j] === marker && !SPACE.test(chars[j - 1] ?? " ") && !isWord(chars[j + 1])) return j;
  }
  return -1;
}

function parseLine(chars: readonly string[]): MarkupNode[] {
  const nodes: MarkupNode[] = [];
  let text = "";
  let i = 0;
  while (i < chars.length) {
    const char = chars[i] ?? "";
    const style = MARKERS[char];
    const close = style && canOpen(chars, i, char) ? closingIndex(chars, i, char) : -1;
    if (style && close > 0) {
      if (text) nodes.push(text);
      text = "";
      nodes.push({ style, children: parseLine(chars.slice(i + 1, close)) });
      i = close + 1;
    } else {
      text += char;
      i += 1;
    }
  }
  if (text) nodes.push(text);
  return nodes;
}

export function parseMarkup(message: string): MarkupNode[] {
  return message.split(/\r\n|\r|\n/).flatMap((line, index): MarkupNode[] => {
    // Array.from splits by code point, so emoji are never cut in half.
    const nodes = parseLine(Array.from(line));
    return index === 0 ? nodes : [{ style: "break" }, ...nodes];
  });
}
