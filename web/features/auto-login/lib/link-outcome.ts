// Where an auto-login link leads and what its page says when it fails
// (sections 2 and 8). Pure functions, so the screen stays about timing.
import type { AutoLoginKind } from "../../../../shared/links.ts";
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import type { Agency } from "../../../lib/agency.ts";
import { isApiError } from "../../../lib/api-client.ts";

/** Section 2: the screen each link opens once the member is signed in. */
export function autoLoginDestination(kind: AutoLoginKind, iPid: number | undefined): string {
  if (iPid === undefined) return "/search";
  switch (kind) {
    case "profile":
      return `/search_id?pid=${iPid}`;
    case "interest":
      return "/viewed_by_profiles";
    case "whatsapp":
      return `/whatsapp_profile?pid=${iPid}`;
  }
}

/** What the waiting member is told opens next. */
export function destinationLabel(kind: AutoLoginKind, iPid: number | undefined): string {
  if (iPid === undefined) return "Search Profiles";
  return kind === "interest" ? "the members interested in you" : `Profile ID ${iPid}`;
}

/** Section 8, "Invalid auto-login link": the WhatsApp link has its own, shorter text. */
export function invalidLinkText(kind: AutoLoginKind, agency: Agency): string {
  return kind === "whatsapp" ? MESSAGES.invalidWhatsappLink : fillMessage(MESSAGES.invalidAutoLoginLink, { agency: agency.name, phone: agency.phone });
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
    if ((error.status === 0 && error.code !== "ABORTED") || error.status >= 500) return { text: error.error, retryable: true };
  }
  return { text: invalidLinkText(kind, agency), retryable: false };
}
