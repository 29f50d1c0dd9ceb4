import type { MessageId } from "./en.ts";

// The messages of the shared zod schemas in the reader's language (ADR
// 0040). A schema's message is a string, which both the Worker's 400
// `fields` and the forms show: it stays the English text, word for word what
// the specification and the tests say, and the catalogue's "validation."
// section has the same text under an id ("{max}" where the schema fills in a
// limit). The Worker's validate middleware and the forms' resolver find the
// id by the words and write the message in their reader's language; a unit
// test keeps every schema message in the catalogue.

/**
 * A catalogue message by its id and values: a schema's message found by its
 * words, and what a screen keeps in its state to word where it draws it, so
 * that a switch of language re-words it (ADR 0040).
 */
export interface MessageRef {
  id: MessageId;
  values: Record<string, string>;
}

/** The compiled English catalogue (shared/i18n/compiled/en.json): a plain text as ["text"], a placeholder as ["name"]. */
export type CompiledCatalogue = Readonly<Record<string, unknown>>;

interface Pattern {
  id: MessageId;
  names: string[];
  words: RegExp;
}

interface EnglishIndex {
  plain: Map<string, MessageId>;
  patterns: Pattern[];
}

const SECTION = "validation.";
const indexes = new WeakMap<CompiledCatalogue, EnglishIndex>();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A compiled message of text and simple placeholders as a pattern; null for one with plural or select. */
function patternOf(id: MessageId, compiled: unknown[]): Pattern | null {
  const names: string[] = [];
  let source = "";
  for (const part of compiled) {
    if (typeof part === "string") source += escapeRegExp(part);
    else if (Array.isArray(part) && part.length === 1 && typeof part[0] === "string") {
      names.push(part[0]);
      source += "(.+?)";
    } else return null;
  }
  return { id, names, words: new RegExp(`^${source}$`, "s") };
}

function englishIndex(english: CompiledCatalogue): EnglishIndex {
  let index = indexes.get(english);
  if (index) return index;
  index = { plain: new Map(), patterns: [] };
  for (const [id, compiled] of Object.entries(english)) {
    if (!id.startsWith(SECTION)) continue;
    if (typeof compiled === "string") index.plain.set(compiled, id as MessageId);
    else if (Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === "string") index.plain.set(compiled[0], id as MessageId);
    else if (Array.isArray(compiled)) {
      const pattern = patternOf(id as MessageId, compiled);
      if (pattern) index.patterns.push(pattern);
    }
  }
  indexes.set(english, index);
  return index;
}

/**
 * The catalogue message a schema's English message is, with the values the
 * schema filled in, or null for a text the catalogue does not have (the
 * console's, and the calls no screen makes, which stay English).
 */
export function readMessageRef(text: string, english: CompiledCatalogue): MessageRef | null {
  const index = englishIndex(english);
  const plain = index.plain.get(text);
  if (plain) return { id: plain, values: {} };
  for (const { id, names, words } of index.patterns) {
    const match = words.exec(text);
    if (match) return { id, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ""])) };
  }
  return null;
}
