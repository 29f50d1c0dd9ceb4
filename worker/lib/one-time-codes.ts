// One-time codes sent on WhatsApp (ADR 0021): after registration, after a
// staff reset and on "Forgot password?", a member sets a password of their
// own with one; a new WhatsApp number is confirmed with one. No permanent
// password ever travels on WhatsApp.

import type { CodeSent } from "#shared/api-types.ts";
import { languageQuery } from "#shared/links.ts";
import { codeMessage, type CodePurpose, type CodeValidity, type MessageLanguage, type OutboxKind } from "#shared/whatsapp-messages.ts";
import { closeCodesBefore, closeOpenCodes, insertCode, insertCodeWithinLimits, recentCodes, type CodeReason, type NewCode } from "../db/one-time-codes.ts";
import { enqueueMessage, type NewOutboxMessage } from "../db/outbox.ts";
import { constantTimeEqual } from "./password.ts";
import { isCloudApiConfigured, type WhatsAppEnv } from "./whatsapp/config.ts";

export const CODE_DIGITS = 6;

/**
 * How long a code works. Sent by the Cloud API it arrives in seconds: 10
 * minutes, the authentication template's default time-to-live. Sent by staff
 * from the agency's own WhatsApp it may wait for office hours or a weekend: 3 days.
 */
export const CODE_VALIDITY = {
  cloudApi: { minutes: 10 },
  byHand: { days: 3 },
} as const satisfies Record<string, CodeValidity>;

/**
 * Codes sent to one member or one number: at most 3 an hour and 6 a day, and
 * a minute apart when asked for again for the same reason (the code just
 * sent after registering does not hold back "Forgot password?"). On a
 * number, codes to confirm it as a new number count apart (countedOnNumber,
 * worker/db/one-time-codes.ts).
 */
export const CODE_LIMITS = { perHour: 3, perDay: 6, minIntervalMs: 60_000 } as const;

const KIND_OF_REASON: Record<CodeReason, OutboxKind> = {
  registration: "registration_code",
  staff_reset: "staff_reset_code",
  forgot_password: "forgot_password_code",
  mobile_change: "mobile_code",
  delete_profile: "delete_profile_code",
};

const PURPOSE_OF_REASON: Record<CodeReason, CodePurpose> = {
  registration: "password",
  staff_reset: "password",
  forgot_password: "password",
  mobile_change: "mobile",
  delete_profile: "delete",
};

function validityMs(validity: CodeValidity): number {
  return "minutes" in validity ? validity.minutes * 60_000 : validity.days * 86_400_000;
}

/** How codes reach members with this configuration: the Cloud API, or staff by hand. */
export function codeValidity(env: WhatsAppEnv): CodeValidity {
  return isCloudApiConfigured(env) ? CODE_VALIDITY.cloudApi : CODE_VALIDITY.byHand;
}

/** What a member is told about a code on its way; the same whoever asks, so it reveals nothing. */
export function codeSent(env: WhatsAppEnv): CodeSent {
  return { byAgency: !isCloudApiConfigured(env), validMinutes: validityMs(codeValidity(env)) / 60_000 };
}

/** Six digits, each equally likely. */
export function generateCode(): string {
  const digits = new Uint32Array(CODE_DIGITS);
  let code = "";
  for (let i = 0; i < CODE_DIGITS; i++) {
    // Rejection sampling: 4,294,967,290 is the largest multiple of 10 below 2^32.
    do crypto.getRandomValues(digits.subarray(i, i + 1));
    while ((digits[i] ?? 0) >= 4_294_967_290);
    code += String((digits[i] ?? 0) % 10);
  }
  return code;
}

const encoder = new TextEncoder();

async function keyedHash(code: string, salt: string, pepper: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`one-time-code:${salt}:${code}`)));
}

const toHex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * `salt$hash`: HMAC-SHA256 under the pepper secret, so that a copy of the
 * database alone cannot try the million codes. A code lives minutes to days
 * and allows 5 tries, so a slow hash would add nothing.
 */
export async function hashCode(code: string, pepper: string): Promise<string> {
  const salt = toHex(crypto.getRandomValues(new Uint8Array(16)));
  return `${salt}$${toHex(await keyedHash(code, salt, pepper))}`;
}

export async function codeMatches(code: string, stored: string, pepper: string): Promise<boolean> {
  const [salt, hash] = stored.split("$");
  if (!salt || !hash) return false;
  const expected = new Uint8Array((hash.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));
  return constantTimeEqual(await keyedHash(code, salt, pepper), expected);
}

export interface IssuedCode {
  code: NewCode;
  message: Omit<NewOutboxMessage, "memberPid">;
}

/**
 * A new code and the WhatsApp message that carries it. `pid` may be "{pid}"
 * when the member is created in the same batch (registration).
 */
export async function newCode(
  env: WhatsAppEnv,
  settings: { agencyName: string; passwordPepper: string },
  request: { reason: CodeReason; mobile: string; language: MessageLanguage; pid: number | "{pid}"; origin: string; now: Date },
): Promise<IssuedCode> {
  const plain = generateCode();
  const validity = codeValidity(env);
  const expiresAt = new Date(request.now.getTime() + validityMs(validity));
  const text = codeMessage(request.language, {
    agency: settings.agencyName,
    code: plain,
    pid: request.pid,
    purpose: PURPOSE_OF_REASON[request.reason],
    validity,
    // For a Telugu reader it ends in &lang=te, as every link sent does: its WhatsApp preview is Telugu too (ADR 0040).
    url: `${request.origin}/set_password?pid=${request.pid}${languageQuery(request.language)}`,
  });
  return {
    code: { reason: request.reason, codeHash: await hashCode(plain, settings.passwordPepper), mobile: request.mobile, createdAt: request.now, expiresAt },
    message: { toMobile: request.mobile, kind: KIND_OF_REASON[request.reason], language: request.language, body: text.body, params: text.params, expiresAt },
  };
}

/**
 * The statements that store a code for an existing member and queue its
 * message; the earlier codes of the same purpose close. Neither the code nor
 * its message is written when the member's number is no longer the one the
 * code was made for (insertCode): the second statement's result says.
 */
export function codeStatements(db: D1Database, memberPid: number, issued: IssuedCode): D1PreparedStatement[] {
  return [
    closeOpenCodes(db, memberPid, issued.code.reason, issued.code.createdAt),
    insertCode(db, memberPid, issued.code),
    enqueueMessage(db, { ...issued.message, memberPid }, { onlyIfPreviousChanged: true }),
  ];
}

/**
 * The statements of a code a member asked for (not staff): stored only within
 * CODE_LIMITS, counted when it is written, and its message and the closing of
 * the earlier codes follow only if it was. codeAllowance before it gives the
 * waiting member a Retry-After; this keeps requests sent at once to the limits.
 */
export function limitedCodeStatements(db: D1Database, memberPid: number, issued: IssuedCode): D1PreparedStatement[] {
  return [
    insertCodeWithinLimits(db, memberPid, issued.code, CODE_LIMITS),
    enqueueMessage(db, { ...issued.message, memberPid }, { onlyIfPreviousChanged: true }),
    closeCodesBefore(db, memberPid, issued.code.reason, issued.code.codeHash, issued.code.createdAt),
  ];
}

export type CodeAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whether another code for this reason may go to this member and number now (CODE_LIMITS). */
export async function codeAllowance(db: D1Database, memberPid: number, mobile: string, reason: CodeReason, now: Date): Promise<CodeAllowance> {
  const recent = await recentCodes(db, memberPid, mobile, reason, now);
  if (recent.lastDay >= CODE_LIMITS.perDay) return { allowed: false, retryAfterSeconds: 86_400 };
  if (recent.lastHour >= CODE_LIMITS.perHour) return { allowed: false, retryAfterSeconds: 3_600 };
  const since = recent.latestAt === null ? Infinity : now.getTime() - Date.parse(recent.latestAt);
  if (since < CODE_LIMITS.minIntervalMs) return { allowed: false, retryAfterSeconds: Math.ceil((CODE_LIMITS.minIntervalMs - since) / 1000) };
  return { allowed: true };
}
