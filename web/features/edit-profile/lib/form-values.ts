// What the edit forms share beyond web/components/profile-fields/record-values.ts:
// the save failure's text and the server's field messages.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { agency } from "../../../lib/agency.ts";

/** Section 8: "An Error Occurred... Please contact {agency}." */
export function saveFailedText(): string {
  return fillMessage(MESSAGES.editSaveFailed, { agency: agency().name });
}

/** The server checks with the same schemas; its per-field messages go under the fields. */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = names.find((candidate) => candidate === name);
    if (field) setError(field, { type: "server", message });
  }
}
