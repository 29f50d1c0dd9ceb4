// What each Cloud API error means for a message of the outbox (ADR 0020):
// how delivery reacts, and what the agency console tells staff. Codes from
// Meta's error-codes page (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes).

export type ErrorReaction =
  /** The 24-hour window closed: send the approved template instead, at once; never the text again. */
  | { kind: "template" }
  /** Try again after this long (throughput limits, marketing limits). */
  | { kind: "later"; delayMs: number }
  /** Never again by itself: staff see why and may send it by hand. */
  | { kind: "final"; flagNumber: boolean; alertStaff: boolean };

export interface DeliveryProblem {
  /** What happened, in words staff read. */
  reason: string;
  /** What staff do about it. */
  action: string;
}

interface KnownError extends DeliveryProblem {
  reaction: ErrorReaction;
}

const MINUTE = 60_000;

const SEND_BY_HAND = "Send it by hand with Open in WhatsApp, then Mark as sent.";
const CHECK_TEMPLATES = "Check the template in WhatsApp Manager (run npm run whatsapp:templates to see each one's status). Meanwhile send it by hand with Open in WhatsApp.";

const KNOWN_ERRORS: Record<number, KnownError> = {
  131047: {
    reaction: { kind: "template" },
    reason: "More than 24 hours have passed since the member last wrote to the agency, so only an approved template may be sent.",
    action: "Nothing: the template is sent instead.",
  },
  131026: {
    reaction: { kind: "final", flagNumber: true, alertStaff: false },
    reason: "WhatsApp could not deliver to this number: it may not be on WhatsApp, the member may not have accepted WhatsApp's terms, or the app is too old.",
    action: "Call the member to check the number and correct it in their profile. Then send it by hand with Open in WhatsApp.",
  },
  130429: {
    reaction: { kind: "later", delayMs: MINUTE },
    reason: "The agency's number reached WhatsApp's sending limit for the moment.",
    action: "Nothing: it is sent again automatically, after a minute and then at longer intervals.",
  },
  131056: {
    reaction: { kind: "later", delayMs: 5 * MINUTE },
    reason: "Too many messages went to this member in a short time.",
    action: "Nothing: it is sent again automatically, after a few minutes and then at longer intervals.",
  },
  132000: {
    reaction: { kind: "final", flagNumber: false, alertStaff: true },
    reason: "The message did not match its template's parameters: the approved template differs from the one this product sends.",
    action: CHECK_TEMPLATES,
  },
  132001: {
    reaction: { kind: "final", flagNumber: false, alertStaff: true },
    reason: "The template does not exist in this language or is not approved yet.",
    action: CHECK_TEMPLATES,
  },
  132015: {
    reaction: { kind: "final", flagNumber: false, alertStaff: true },
    reason: "WhatsApp paused the template because of its low quality rating.",
    action: CHECK_TEMPLATES,
  },
  132016: {
    reaction: { kind: "final", flagNumber: false, alertStaff: true },
    reason: "WhatsApp disabled the template because of its low quality rating.",
    action: CHECK_TEMPLATES,
  },
  131049: {
    reaction: { kind: "later", delayMs: 24 * 60 * MINUTE },
    reason: "WhatsApp held the message back to keep the member's marketing messages few.",
    action: "Nothing: it is tried again after 24 hours.",
  },
  131050: {
    reaction: { kind: "final", flagNumber: false, alertStaff: false },
    reason: "The member has stopped marketing messages from the agency.",
    action: "Do not send it: respect the member's choice.",
  },
};

/**
 * The agency's own access refused (Graph API authorisation and permission
 * errors, a locked business account): every message fails alike until the
 * configuration is fixed. Retried with the usual back-off meanwhile, so the
 * messages go once it is; staff are told what to fix, not that all is well.
 */
function isAccessError(code: number): boolean {
  return code === 0 || code === 3 || code === 10 || code === 190 || (code >= 200 && code <= 299) || code === 131005 || code === 131031;
}

const ACCESS_REFUSED = "WhatsApp refused the agency's access: the access token has expired or was revoked, lacks a permission, or the business account is locked.";
const FIX_ACCESS = "Renew the access token (WHATSAPP_ACCESS_TOKEN) or check the account in WhatsApp Manager.";

/** Errors with no code of their own (timeouts, network, unknown codes): retried with the usual back-off. */
const RETRIED: DeliveryProblem = {
  reason: "WhatsApp did not take the message.",
  action: "Nothing for now: it is sent again automatically. If it fails for good, send it by hand with Open in WhatsApp.",
};

export function errorReaction(code: number | null): ErrorReaction | null {
  return code === null ? null : (KNOWN_ERRORS[code]?.reaction ?? null);
}

/** What the console says about a message that failed, or is being retried, with this error code. */
export function deliveryProblem(code: number | null, finalFailure: boolean): DeliveryProblem {
  const known = code === null ? undefined : KNOWN_ERRORS[code];
  if (known) {
    // Retried or switched to the template until the attempts ran out: nothing more happens by itself.
    if (finalFailure && known.reaction.kind !== "final") return { reason: `${known.reason} It was still not sent after several tries.`, action: SEND_BY_HAND };
    return { reason: known.reason, action: known.action };
  }
  if (code !== null && isAccessError(code)) {
    return {
      reason: ACCESS_REFUSED,
      action: `${FIX_ACCESS} ${finalFailure ? "Then press Retry, or send it by hand with Open in WhatsApp." : "It is sent again automatically meanwhile."}`,
    };
  }
  return finalFailure ? { reason: "WhatsApp did not take the message, even after several tries.", action: SEND_BY_HAND } : RETRIED;
}

/** Error codes that mean a template is missing, paused or wrong: the console alerts staff. */
export const TEMPLATE_ERROR_CODES: readonly number[] = Object.entries(KNOWN_ERRORS)
  .filter(([, error]) => error.reaction.kind === "final" && error.reaction.alertStaff)
  .map(([code]) => Number(code));
