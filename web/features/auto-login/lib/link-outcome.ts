// Where an auto-login link leads and what its page says when it fails
// (§ "2. Screens and routes" and § "8. Error catalogue"). Pure functions, so the screen stays about timing.
import type { AutoLoginKind } from "#shared/links.ts";
import type { Agency } from "#web/lib/agency.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { failureReason } from "#web/lib/failure-reason.ts";
import { translate } from "#web/lib/i18n.ts";

/** What the waiting member is told opens next, in the active language. */
export function destinationLabel(kind: AutoLoginKind, iPid: number | undefined): string {
  if (iPid === undefined) return translate("autoLogin.nextSearch");
  return kind === "interest" ? translate("autoLogin.nextInterested") : translate("autoLogin.nextProfile", { pid: iPid });
}

/** § "8. Error catalogue", "Invalid auto-login link": the WhatsApp link has its own, shorter text. */
export function invalidLinkText(kind: AutoLoginKind, agency: Agency): string {
  // The same texts as the Worker's answer to such a link (worker/routes/users.ts).
  return kind === "whatsapp" ? translate("server.invalidLink") : translate("server.invalidAutoLoginLink", { agency: agency.name, phone: agency.phone });
}

export interface LinkFailure {
  text: string;
  /**
   * True when the link itself may still be good (no connection, a server
   * fault, too many attempts): the page then offers to try again instead of
   * telling the member the link is dead and sending them to the phone.
   */
  retryable: boolean;
}

export function linkFailure(error: unknown, kind: AutoLoginKind, agency: Agency): LinkFailure {
  if (isApiError(error)) {
    // 429 (back-off) carries its own text, like the refusals (400) do.
    if (error.err) return { text: error.err, retryable: error.status === 429 };
    if ((error.status === 0 && error.code !== "ABORTED") || error.status >= 500) return { text: failureReason(error), retryable: true };
  }
  return { text: invalidLinkText(kind, agency), retryable: false };
}
