// The texts of these lists' own buttons and dates (section 8); the request
// flow's texts are the card's (components/profile-card/action-messages.ts).
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { withFullStop } from "../../../components/profile-card/action-messages.ts";
import type { Agency } from "../../../lib/agency.ts";
import { isApiError } from "../../../lib/api-client.ts";

/** The day of an interest timestamp as members read dates (dd-MM-yyyy), in the member's own time zone. */
export function interestDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "-";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/**
 * Section 8, approve and reject: the server refused (already decided,
 * withdrawn meanwhile) reads "Something went wrong. Approve/Reject Profile
 * Request Failed.", with the server's reason beside it; anything unexpected
 * (no answer, a server fault) "Something went wrong. Request Failed. Please
 * contact {agency}.".
 */
export function decisionFailure(decision: "approve" | "reject", error: unknown, agency: Agency): { text: string; reason: string | null } {
  if (isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500) {
    return { text: decision === "approve" ? MESSAGES.approveFailed : MESSAGES.rejectFailed, reason: withFullStop(error.error) };
  }
  return { text: fillMessage(MESSAGES.requestFailedContact, { agency: agency.name || agency.phone }), reason: null };
}
