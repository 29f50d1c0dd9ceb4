// The React side of the two languages (ADR 0040): the provider, the hooks
// that re-render a component when the language changes, and messages with
// components inside them. web/lib/i18n.ts holds the runtime itself.
import { I18nProvider, Trans, useLingui } from "@lingui/react";
import { useCallback, type ReactElement, type ReactNode } from "react";
import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, type Language } from "#shared/i18n/language.ts";
import { i18n, type MessageId, type MessageValues } from "./i18n.ts";

/** The active language; components that use it re-render when it changes. */
export function useLanguage(): Language {
  const { i18n: active } = useLingui();
  return isLanguage(active.locale) ? active.locale : DEFAULT_LANGUAGE;
}

/** `t(id, values)`: a message of the active language. Components that call it re-render when the language changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { i18n: active } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: Lingui keeps one i18n object across languages; its locale is what must renew `t`.
  return useCallback((id: MessageId, values?: MessageValues) => active._(id, values), [active, active.locale]);
}

/**
 * A message with components inside it: `<0>text</0>` in the catalogue
 * becomes `components[0]` wrapping that text, so a link keeps its place in
 * either language's word order.
 */
export function Message({ id, values, components }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactElement> }) {
  return <Trans id={id} values={values} components={components} />;
}

/** Dates and numbers as each language's readers write them (Intl with en-IN or te-IN). */
export function useIntlLocale(): string {
  return INTL_LOCALES[useLanguage()];
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
