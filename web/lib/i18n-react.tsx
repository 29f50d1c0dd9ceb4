// The React side of the two languages (ADR 0040): the hooks that re-render a
// component when the language changes, and messages with components inside
// them. web/lib/i18n.ts holds the runtime itself. Lingui's own React binding
// is not used: it costs every page's first load about a kilobyte for a
// provider, a shim of useSyncExternalStore and render props these screens do
// not need (ADR 0040, "the catalogue split by screen").
import { cloneElement, Fragment, useCallback, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, type Language } from "#shared/i18n/language.ts";
import { i18n, type MessageId, type MessageValues } from "./i18n.ts";

const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const activeLocale = () => i18n.locale;

/** The active language; components that use it re-render when it changes. */
export function useLanguage(): Language {
  const locale = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** `t(id, values)`: a message of the active language. Components that call it re-render when the language changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n is one object across languages; the language is what must renew `t`.
  return useCallback((id: MessageId, values?: MessageValues) => i18n._(id, values), [language]);
}

/** `<0>text</0>` or `<0/>` in a formatted message: the component's index, the text inside, and what follows. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

/** The message's text with each tag replaced by its component wrapping the tag's text (tags may nest). */
function withComponents(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const index = match[1] ?? match[3] ?? "";
    const component = components[index];
    const inner = match[2] === undefined ? [] : withComponents(match[2], components);
    // A tag without its component keeps its text: the words stay readable.
    nodes.push(component ? cloneElement(component, { key: nodes.length }, ...inner) : <Fragment key={nodes.length}>{inner}</Fragment>);
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest !== "") nodes.push(rest);
  return nodes;
}

/**
 * A message with components inside it: `<0>text</0>` in the catalogue
 * becomes `components[0]` wrapping that text, so a link keeps its place in
 * either language's word order.
 */
export function Message({ id, values, components = {} }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactElement> }) {
  useLanguage();
  return <>{withComponents(i18n._(id, values), components)}</>;
}

/** Dates and numbers as each language's readers write them (Intl with en-IN or te-IN). */
export function useIntlLocale(): string {
  return INTL_LOCALES[useLanguage()];
}
