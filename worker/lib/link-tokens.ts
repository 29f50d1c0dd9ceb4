import { autoLoginUrl, type AutoLoginKind } from "../../shared/links.ts";
import { insertLinkToken } from "../db/link-tokens.ts";
import { randomId } from "./session-token.ts";

/** How long a link sent on WhatsApp keeps signing its member in. */
export const LINK_TOKEN_TTL_DAYS = 30;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A new auto-login link for a member: the URL to send, and the statement that
 * stores its token's hash (for the batch that also writes the message); the
 * hash names the link in the console.
 */
export async function issueAutoLoginLink(
  db: D1Database,
  link: { origin: string; kind: AutoLoginKind; memberPid: number; targetPid?: number; onlyIfPreviousChanged?: boolean },
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
      expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_DAYS * 86_400_000),
    },
    { onlyIfPreviousChanged: link.onlyIfPreviousChanged ?? false },
  );
  const url = autoLoginUrl(link.origin, link.kind, { pid: link.memberPid, pin: token, ...(link.targetPid ? { iPid: link.targetPid } : {}) });
  return { url, hash, statement };
}
