import type { Language } from "#shared/i18n/language.ts";
import { autoLoginUrl, type AutoLoginKind } from "#shared/links.ts";
import { insertLinkToken } from "../db/link-tokens.ts";
import { randomId } from "./session-token.ts";

// Lifetimes of auto-login links and of the sessions they open (ADR 0024).

/**
 * How long a link keeps signing its member in, by kind: an interest
 * received or approved is acted on within days; the agency's profile links
 * ("new profiles") are read at leisure.
 */
export const LINK_TTL_DAYS: Record<AutoLoginKind, number> = { profile: 14, interest: 7, whatsapp: 7 };

/** A link signs in once, and again within this time of its first use: a second tap, or the link opened in another browser. */
export const LINK_REUSE_GRACE_MINUTES = 15;

/** Sessions opened by a link end sooner than password sessions (SESSION_TTL_DAYS), whichever is shorter. */
export const LINK_SESSION_DAYS = 7;

/** A link first used at or before this time does not sign in any more. */
export function reuseGraceStart(now: Date): Date {
  return new Date(now.getTime() - LINK_REUSE_GRACE_MINUTES * 60_000);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A new auto-login link for a member: the URL to send, and the statement that
 * stores its token's hash (for the batch that also writes the message); the
 * hash names the link in the console. `issuedBy`: the staff member who
 * issued it in the console, so the member sees sessions it opens as the
 * agency's.
 */
export async function issueAutoLoginLink(
  db: D1Database,
  link: { origin: string; kind: AutoLoginKind; memberPid: number; targetPid?: number; issuedBy?: number; onlyIfPreviousChanged?: boolean; language?: Language },
  now = new Date(),
): Promise<{ url: string; hash: string; statement: D1PreparedStatement }> {
  const token = randomId(16);
  const hash = await sha256Hex(token);
  const statement = insertLinkToken(
    db,
    {
      hash,
      memberPid: link.memberPid,
      kind: link.kind,
      targetPid: link.targetPid ?? null,
      expiresAt: new Date(now.getTime() + LINK_TTL_DAYS[link.kind] * 86_400_000),
      issuedBy: link.issuedBy ?? null,
    },
    { onlyIfPreviousChanged: link.onlyIfPreviousChanged ?? false },
  );
  // The recipient's language rides along for the link's preview (ADR 0040).
  const url = autoLoginUrl(link.origin, link.kind, { pid: link.memberPid, pin: token, ...(link.targetPid ? { iPid: link.targetPid } : {}) }, link.language);
  return { url, hash, statement };
}
