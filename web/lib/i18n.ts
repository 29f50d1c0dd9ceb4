// The member experience in English and Telugu (ADR 0040). Lingui's runtime
// formats the catalogues shared/i18n compiles ahead of time, in parts
// (shared/i18n/parts.ts), each a chunk of its own: the shell, which every
// screen shows, in the device's language before the first render
// (web/app/start-application.tsx); a screen's parts with its code (web/app/router.tsx).
// A page preloads its parts in its language (vite.config.ts), so neither
// language's first load carries the other's shell. The device remembers the
// choice in the `lang` cookie (lib/device-language.ts), which the Worker reads too, so the pages it
// renders at the edge come in the same language.
import { importPart } from "#catalogue-parts";
import { setupI18n } from "@lingui/core";
import type { MessageId } from "#shared/i18n/en.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#shared/i18n/language.ts";
import type { WebPart } from "#shared/i18n/parts.ts";

export type { MessageId };
export type MessageValues = Record<string, unknown>;

// No message until activateLanguage has loaded the shell: a text asked for
// before then is reported as missing (onMissingMessage) rather than thrown.
export const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });

const partKey = (language: Language, part: WebPart) => `${language}/${part}`;
const loadedParts = new Set<string>();
const pendingParts = new Map<string, Promise<void>>();

/** The parts the screens shown so far need: a switch loads them in the other language too, since a route loads its code only once. */
const screenParts = new Set<WebPart>(["shell"]);

/** The language being switched to, or the active one: a screen that loads meanwhile loads its parts in both. */
let wantedLanguage: Language = DEFAULT_LANGUAGE;

function loadPart(language: Language, part: WebPart): Promise<void> {
  const key = partKey(language, part);
  if (loadedParts.has(key)) return Promise.resolve();
  let pending = pendingParts.get(key);
  if (!pending) {
    pending = importPart(language, part).then(
      (messages) => {
        i18n.load(language, messages);
        loadedParts.add(key);
        pendingParts.delete(key);
      },
      (error: unknown) => {
        // A failed fetch (a phone's network) may be retried by the next screen or switch.
        pendingParts.delete(key);
        throw error;
      },
    );
    pendingParts.set(key, pending);
  }
  return pending;
}

/** Resolves when every part the screens need is in `language`, including those a screen asked for while it waited. */
async function loadScreenParts(language: Language): Promise<void> {
  for (;;) {
    const missing = [...screenParts].filter((part) => !loadedParts.has(partKey(language, part)));
    if (missing.length === 0) return;
    await Promise.all(missing.map((part) => loadPart(language, part)));
  }
}

/**
 * The messages of a screen's `parts`, before it renders (web/app/router.tsx):
 * in the active language and in one being switched to, so the screen never
 * shows an id. With the shell, if no language was activated yet.
 */
export async function loadMessages(parts: readonly WebPart[]): Promise<void> {
  for (const part of parts) screenParts.add(part);
  await Promise.all([...new Set([currentLanguage(), wantedLanguage])].map(loadScreenParts));
}

/** Called with each message a screen asked for that no loaded part holds: web/app/start-application.tsx reports it. */
export function onMissingMessage(listener: (id: string, language: string) => void): void {
  i18n.on("missing", ({ id, locale }) => listener(id, locale));
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/**
 * Shows the screens in `language`: the parts of every screen shown so far
 * are fetched the first time, then every screen re-renders; <html lang>
 * follows, so screen readers and the font's line breaking read Telugu as
 * Telugu. Of two switches in a row, the later one wins.
 */
export async function activateLanguage(language: Language): Promise<void> {
  wantedLanguage = language;
  await loadScreenParts(language);
  if (wantedLanguage !== language) return;
  i18n.activate(language);
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** A message outside a component (page titles, errors the API client makes): the active language at the time of the call. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
