// The sign-in failure text of the request flow (§ "8. Error catalogue"), filled with the
// agency's phone; an interest failure reads as on a card
// (components/profile-card/action-messages.ts).
import { isApiError } from "#web/lib/api-client.ts";
import { translate } from "#web/lib/i18n.ts";

/**
 * Sign-in on the request form: a wrong ID or password (400) and too many
 * attempts (429) carry the text to show in `err`, as on the login screen;
 * anything unexpected is "Something went wrong (102). Please contact {phone}".
 */
export function signInFailureText(error: unknown, phone: string): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429) && error.err) return error.err;
  return translate("phoneRequest.signInFailed", { phone });
}
