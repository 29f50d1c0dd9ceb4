import { type ApiError, isApiError } from "./api-client.ts";
import { translate } from "./i18n.ts";

/**
 * Why a call failed, in the member's language: the server's own words,
 * which it wrote in that language (ADR 0040), or, for a call that got no
 * answer it could read, the catalogue's. The client's ApiError texts are
 * English, for the logs.
 */
export function failureReason(error: ApiError): string {
  if (error.fromServer) return error.error;
  if (error.code === "NETWORK_ERROR") return translate("common.unreachable");
  if (error.code === "TIMEOUT") return translate("common.tooSlow");
  return translate("common.unreadableAnswer");
}

/**
 * A query's failure as a screen shows it: failureReason for a call of the
 * API client; anything else is a fault of this page, whose message is
 * English and means nothing to a member, so the catalogue's general text.
 */
export function queryFailureText(error: unknown): string {
  return isApiError(error) ? failureReason(error) : translate("common.somethingWrongTryLater");
}
