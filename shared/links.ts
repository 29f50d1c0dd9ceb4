// Link payloads (section 2, "/profile_link, /interest_link, /whatsapp_link"
// and "/request"): base64 text of a JSON object. The product writes the
// URL-safe alphabet without padding; readers accept both alphabets, with or
// without padding (links from an earlier system use the standard one).

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

function utf8ToBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function encodeLinkPayload(payload: object): string {
  return utf8ToBase64Url(JSON.stringify(payload));
}

/** The URL of an auto-login link, e.g. https://host/interest_link?link=... */
export function autoLoginUrl(origin: string, kind: AutoLoginKind, payload: AutoLoginPayload): string {
  return `${origin}${AUTO_LOGIN_PATHS[kind]}?link=${encodeLinkPayload(payload)}`;
}

/** The /request link of a profile (section 2): q holds the target pid as a string. */
export function requestUrl(origin: string, targetPid: number): string {
  return `${origin}/request?q=${encodeLinkPayload({ pid: String(targetPid) })}`;
}
