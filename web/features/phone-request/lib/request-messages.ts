// The failure texts of the request flow (section 8), filled with the
// agency's phone.
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { isApiError } from "../../../lib/api-client.ts";

/**
 * Interest failure: with status 300 or above, the server's text followed by
 * a full stop; otherwise (no answer, or one without a text) "Something went
 * wrong (101). Please contact {phone}".
 */
export function interestFailureText(error: unknown, phone: string): string {
  if (isApiError(error) && error.fromServer && error.status >= 300) {
    const text = error.error.trim();
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  return fillMessage(MESSAGES.interestFailedDefault, { phone });
}

/**
 * Sign-in on the request form: a wrong ID or password (400) and too many
 * attempts (429) carry the text to show in `err`, as on the login screen;
 * anything unexpected is "Something went wrong (102). Please contact {phone}".
 */
export function signInFailureText(error: unknown, phone: string): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.err) return error.err;
  return fillMessage(MESSAGES.requestFormLoginError, { phone });
}
