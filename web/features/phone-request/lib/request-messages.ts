// The sign-in failure text of the request flow (§ "8. Error catalogue"), filled with the
// agency's phone; an interest failure reads as on a card
// (components/profile-card/action-messages.ts).
import { interestFailureText } from "#web/components/profile-card/action-messages.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { translate } from "#web/lib/i18n.ts";

/**
 * What failed, kept while the page shows it: the step and its error, not
 * words, which come at each render (requestFailureText), so a switch of
 * language re-words them (ADR 0040).
 */
export interface RequestFailure {
  step: "signIn" | "interest";
  error: unknown;
}

/**
 * Sign-in on the request form: a wrong ID or password (400) and too many
 * attempts (429) carry the text to show in `err`, as on the login screen;
 * anything unexpected is "Something went wrong (102). Please contact {phone}".
 */
export function signInFailureText(error: unknown, phone: string): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.err) return error.err;
  return translate("phoneRequest.signInFailed", { phone });
}

/** A failure of either step in the active language; what the server said stays in the words it answered with. */
export function requestFailureText({ step, error }: RequestFailure, phone: string): string {
  return step === "signIn" ? signInFailureText(error, phone) : interestFailureText(error, phone);
}
