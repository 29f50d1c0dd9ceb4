// Link payloads (§ "2. Screens and routes", "/profile_link, /interest_link, /whatsapp_link"
// and "/request"): base64 text of a JSON object. The product writes the
// URL-safe alphabet without padding; readers accept both alphabets, with or
// without padding (links from an earlier system use the standard one).

import { DEFAULT_LANGUAGE, type Language } from "./i18n/language.ts";
import { readProfileId } from "./profile-id.ts";

export interface AutoLoginPayload {
  pid: number;
  /** A link token (ADR 0011), or a password in links from an earlier system. */
  pin: string;
  iPid?: number;
}

export type AutoLoginKind = "profile" | "interest" | "whatsapp";

export const AUTO_LOGIN_PATHS: Record<AutoLoginKind, string> = {
  profile: "/profile_link",
  interest: "/interest_link",
  whatsapp: "/whatsapp_link",
};

/**
 * The page a path names: "/profile_link/" and "/profile_link//" are
 * "/profile_link", as the assets binding serves them (html_handling
 * "auto-trailing-slash", ADR 0031). The Worker and the pages' first script
 * tell pages apart by it alone, so a slash the sender added cannot make the
 * Worker give a link page's token to a cacheable preview, or the page's
 * script miss its page.
 */
export function pagePath(pathname: string): string {
  return `/${pathname.replace(/^\/+|\/+$/g, "")}`;
}

/** The kind of auto-login page `pathname` is, if it is one. */
export function autoLoginKindAt(pathname: string): AutoLoginKind | undefined {
  const page = pagePath(pathname);
  return (Object.keys(AUTO_LOGIN_PATHS) as AutoLoginKind[]).find((kind) => AUTO_LOGIN_PATHS[kind] === page);
}

/** § "2. Screens and routes": the screen each link opens once the member is signed in. */
export function autoLoginDestination(kind: AutoLoginKind, iPid: number | undefined): string {
  if (iPid === undefined) return "/search";
  switch (kind) {
    case "profile":
      return `/search_id?pid=${iPid}`;
    case "interest":
      return "/viewed_by_profiles";
    case "whatsapp":
      return `/whatsapp_profile?pid=${iPid}`;
  }
}

/** The short "Newly Added Profiles" page in front of a profile link: same query, 1 s later /profile_link (§ "2. Screens and routes"). */
export const NEW_PROFILES_PATH = "/new_profiles_link";

/** Whether `pathname` is /new_profiles_link's brief page, however its path ends. */
export function isNewProfilesPage(pathname: string): boolean {
  return pagePath(pathname) === NEW_PROFILES_PATH;
}

function utf8ToBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function encodeLinkPayload(payload: object): string {
  return utf8ToBase64Url(JSON.stringify(payload));
}

/**
 * The URL of an auto-login link, e.g. https://host/interest_link?link=...;
 * for a recipient who reads Telugu it ends in &lang=te, so that WhatsApp's
 * preview of it, fetched without the member's cookie, is in Telugu too
 * (ADR 0040).
 */
export function autoLoginUrl(origin: string, kind: AutoLoginKind, payload: AutoLoginPayload, language: Language = DEFAULT_LANGUAGE): string {
  return `${origin}${AUTO_LOGIN_PATHS[kind]}?link=${encodeLinkPayload(payload)}${languageQuery(language)}`;
}

/** "&lang=te" for a link read in Telugu; nothing for English, so English links stay as they were. */
export function languageQuery(language: Language): string {
  return language === DEFAULT_LANGUAGE ? "" : `&${LINK_LANGUAGE_PARAM}=${language}`;
}

/** The query parameter a shared link names its recipient's language with. */
export const LINK_LANGUAGE_PARAM = "lang";

/** The /request path of a profile (§ "2. Screens and routes"): q holds the target pid as a string. */
export function requestPath(targetPid: number): string {
  return `/request?q=${encodeLinkPayload({ pid: String(targetPid) })}`;
}

export function requestUrl(origin: string, targetPid: number, language: Language = DEFAULT_LANGUAGE): string {
  return `${origin}${requestPath(targetPid)}${languageQuery(language)}`;
}

/** Longest payload accepted: a real one is under 200 characters. */
export const MAX_PAYLOAD_LENGTH = 2048;

/**
 * Decodes a base64 JSON payload: standard or URL-safe alphabet, with or
 * without padding, UTF-8. Returns undefined for anything else, never throws.
 */
export function decodeLinkPayload(text: string | null | undefined): unknown {
  if (!text || text.length > MAX_PAYLOAD_LENGTH) return undefined;
  // URLs turn "+" into a space when a link was not encoded.
  const normalized = text.trim().replace(/ /g, "+").replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(normalized) || normalized.length % 4 === 1) return undefined;
  try {
    const binary = atob(normalized + "=".repeat((4 - (normalized.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** An auto-login payload {pid, pin, iPid?}; pid and iPid may come as numbers or digit strings. */
export function readAutoLoginPayload(text: string | null | undefined): AutoLoginPayload | undefined {
  const value = decodeLinkPayload(text);
  if (typeof value !== "object" || value === null) return undefined;
  const { pid, pin, iPid } = value as Record<string, unknown>;
  const memberPid = readProfileId(pid);
  if (memberPid === undefined || typeof pin !== "string" || pin.length === 0 || pin.length > 200) return undefined;
  if (iPid === undefined || iPid === null || iPid === "") return { pid: memberPid, pin };
  const target = readProfileId(iPid);
  return target === undefined ? undefined : { pid: memberPid, pin, iPid: target };
}

/** The /request payload: the target profile id, as a string (or a number). */
export function readRequestPayload(text: string | null | undefined): number | undefined {
  const value = decodeLinkPayload(text);
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  return readProfileId(record.pid ?? record.id ?? record.tpid);
}
