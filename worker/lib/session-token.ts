import { SignJWT, jwtVerify } from "jose";

// Session tokens (ADR 0004): a signed HS256 token that names a
// server-side session. The signature saves a database read for garbage
// tokens; the session row is what makes logout and revocation work.

const ISSUER = "telugu-matrimony";
export const MEMBER_AUDIENCE = "member";
/** Staff tokens have their own audience, so a member's token is never taken for one. */
export const STAFF_AUDIENCE = "agency-staff";

export interface SessionClaims {
  /** The member's pid, or the staff member's id for staff tokens. */
  pid: number;
  sessionId: string;
}

export async function signSessionToken(claims: SessionClaims, secret: Uint8Array, expiresAt: Date, audience = MEMBER_AUDIENCE): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.pid))
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Returns the claims of a valid token, or null for anything else. */
export async function verifySessionToken(token: string, secret: Uint8Array, audience = MEMBER_AUDIENCE): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience, algorithms: ["HS256"] });
    const pid = Number(payload.sub);
    if (!Number.isSafeInteger(pid) || pid <= 0 || typeof payload.sid !== "string") return null;
    return { pid, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** 128 random bits, URL-safe: session ids and link tokens. */
export function randomId(bytes = 16): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = "";
  for (const byte of raw) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
