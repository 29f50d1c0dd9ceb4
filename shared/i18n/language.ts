// The two languages of the member experience (ADR 0040). English is the
// default; Telugu is chosen by the switch, remembered on the device in the
// `lang` cookie (which the Worker also reads for the pages it renders at the
// edge) and, for a signed-in member, on their profile.

export const LANGUAGES = ["en", "te"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The cookie that remembers the device's language: read by the SPA and by the Worker's edge pages. */
export const LANGUAGE_COOKIE = "lang";

/** Each language's own name, as the switch shows it (always in that language). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", te: "తెలుగు" };

/** The locale Intl formats dates and numbers with: Indian English and Telugu as written in India. */
export const INTL_LOCALES: Record<Language, string> = { en: "en-IN", te: "te-IN" };

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "te";
}

/**
 * The language a list of language tags asks for, most wanted first
 * (navigator.languages, or an Accept-Language header split by `acceptedLanguages`):
 * Telugu when Telugu comes before English, otherwise English.
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (base === "te") return "te";
    if (base === "en") return "en";
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags in the order of their q weights (RFC 9110 §12.5.4). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== "" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The `lang` cookie's value in a Cookie header, when it names a language. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : null;
}
