import type { ReactNode } from "react";

// Text written with WhatsApp's markup (*bold*, _italic_, ~strike~, line
// breaks), as React elements: the text stays text nodes, which React escapes,
// so whatever a message contains is shown and never run as HTML. The agency
// console previews templates with it, so staff see what a member will see.

const STYLES = {
  "*": (children: ReactNode, key: number) => <strong key={key}>{children}</strong>,
  _: (children: ReactNode, key: number) => <em key={key}>{children}</em>,
  "~": (children: ReactNode, key: number) => <s key={key}>{children}</s>,
} as const;

// As WhatsApp reads it: a marker opens where no letter or digit (Telugu vowel
// signs included) comes before it and a non-space after it, and closes on the
// same line after a non-space where no letter or digit follows. "2*3*4" stays
// as typed. The character before is captured, not looked behind at: Safari 15
// (still on members' iPhones) cannot parse lookbehind.
const SPAN = /(^|[^\p{L}\p{N}\p{M}])([*_~])(?=[^\s*_~])(.*?[^\s])\2(?![\p{L}\p{N}\p{M}])/u;

function styled(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = line;
  let key = 0;
  for (let match = SPAN.exec(rest); match; match = SPAN.exec(rest)) {
    const [whole, before = "", marker, inner] = match;
    const start = match.index + before.length;
    if (start > 0) out.push(rest.slice(0, start));
    out.push(STYLES[marker as keyof typeof STYLES](styled(inner ?? ""), key++));
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) out.push(rest);
  return out;
}

export function WhatsappText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\r\n|\r|\n/).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines never move, so their index is a stable key.
        <span key={index}>
          {index > 0 ? <br /> : null}
          {styled(line)}
        </span>
      ))}
    </>
  );
}
