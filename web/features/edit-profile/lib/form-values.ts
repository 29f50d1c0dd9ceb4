// What the edit forms share beyond web/components/profile-fields/record-values.ts:
// the save failure's text and the server's field messages.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "#web/lib/api-client.ts";
import { agency } from "#web/lib/agency.ts";
import { translate } from "#web/lib/i18n.ts";

/** § "8. Error catalogue": "An Error Occurred... Please contact {agency}." Given to the timed alert as it is, a function: worded at each render (ADR 0040). */
export function saveFailedText(): string {
  return translate("editProfile.saveFailed", { agency: agency().name });
}

/** The server checks with the same schemas; its per-field messages go under the fields. */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = names.find((candidate) => candidate === name);
    if (field) setError(field, { type: "server", message });
  }
}
