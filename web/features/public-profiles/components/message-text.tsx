import type { ReactNode } from "react";
import { parseMarkup, type MarkupNode } from "../lib/message-markup.ts";

// A promotional message as React elements built from its parsed markup: text
// goes in as text nodes, which React escapes, so a "<script>" in a message is
// shown as those characters and never run (no dangerouslySetInnerHTML).

function render(nodes: readonly MarkupNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    switch (node.style) {
      case "break":
        return <br key={index} />;
      case "bold":
        return <strong key={index}>{render(node.children)}</strong>;
      case "italic":
        return <em key={index}>{render(node.children)}</em>;
      case "strike":
        return <s key={index}>{render(node.children)}</s>;
    }
  });
}

export function MessageText({ content }: { content: string }) {
  return <>{render(parseMarkup(content))}</>;
}
