// Member passwords (ADR 0004, ADR 0021): PBKDF2-SHA256 at 100,000
// iterations, the ceiling production workerd allows, with a per-member salt.
// The pepper is a secret outside the database: the password is first keyed
// with HMAC-SHA256(pepper) so that a leaked database alone cannot be brute-forced.
// Runs in workerd and in Node (the seed script) through Web Crypto.

export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, pepper: string, iterations: number): Promise<Uint8Array> {
  const pepperKey = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const peppered = await crypto.subtle.sign("HMAC", pepperKey, encoder.encode(password));
  const baseKey = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, baseKey, 256);
  return new Uint8Array(bits);
}

/** Hashes a password into `pbkdf2-sha256$iterations$salt$hash` (base64 parts). */
export async function hashPassword(password: string, pepper: string, salt?: Uint8Array<ArrayBuffer>): Promise<string> {
  const saltBytes = salt ?? crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, saltBytes, pepper, PBKDF2_ITERATIONS);
  return [SCHEME, PBKDF2_ITERATIONS, toBase64(saltBytes), toBase64(hash)].join("$");
}

function parseHash(stored: string): { iterations: number; salt: string; hash: string } | null {
  const [scheme, iterationsText, salt, hash] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !salt || !hash || !Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  return { iterations, salt, hash };
}

/** Whether a stored hash can match a password: not NO_PASSWORD, nor anything malformed. */
export function isPasswordHash(stored: string): boolean {
  return parseHash(stored) !== null;
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, fromBase64(parsed.salt), pepper, parsed.iterations);
  return constantTimeEqual(actual, fromBase64(parsed.hash));
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * The stored hash of a member who has not set a password yet (just
 * registered, or reset by staff): no password matches it, so they sign in
 * only after setting one with a one-time code (ADR 0021).
 */
export const NO_PASSWORD = "";

/**
 * A password made by the server for a staff account (shown once to the owner
 * who made it) and for demo members: 8 characters from an alphabet without
 * look-alikes (no 0/O, 1/l/I).
 */
export function generatePassword(random: (max: number) => number = secureRandomInt): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let password = "";
  for (let i = 0; i < 8; i++) password += alphabet[random(alphabet.length)];
  return password;
}

function secureRandomInt(max: number): number {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % max);
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte);
  while ((byte[0] ?? 0) >= limit);
  return (byte[0] ?? 0) % max;
}
