// The texts of these lists' own buttons and dates (§ "8. Error catalogue"); the request
// flow's texts are the card's (components/profile-card/action-messages.ts).
import { indiaDate } from "#shared/dates.ts";
import type { Language } from "#shared/i18n/language.ts";
import { displayDate, withFullStop } from "#web/components/profile-card/action-messages.ts";
import type { Agency } from "#web/lib/agency.ts";
import { isApiError } from "#web/lib/api-client.ts";
import { translate } from "#web/lib/i18n.ts";

/**
 * The day of an interest timestamp as members read dates: dd-MM-yyyy in
 * English, "24 నవంబర్ 2026" in Telugu (ADR 0040), on India's calendar
 * whatever zone the Worker or the phone runs in (shared/dates.ts indiaDate),
 * so the Worker's page and the browser's render of it agree (ADR 0042).
 */
export function interestDate(timestamp: string, language: Language = "en"): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "-";
  return displayDate(indiaDate(date), language);
}

/**
 * § "8. Error catalogue", approve and reject: the server refused (already decided,
 * withdrawn meanwhile) reads "Something went wrong. Approve/Reject Profile
 * Request Failed.", with the server's reason beside it; anything unexpected
 * (no answer, a server fault) "Something went wrong. Request Failed. Please
 * contact {agency}.".
 */
export function decisionFailure(decision: "approve" | "reject", error: unknown, agency: Agency): { text: string; reason: string | null } {
  if (isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500) {
    return { text: translate(decision === "approve" ? "interests.approveFailed" : "interests.rejectFailed"), reason: withFullStop(error.error) };
  }
  return { text: translate("interests.requestFailedContact", { agency: agency.name || agency.phone }), reason: null };
}
