// Between the member's record (GET /api/users/{pid}) and the edit forms,
// which hold strings as selects and inputs do.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { MESSAGES, fillMessage } from "../../../../shared/messages.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { agency } from "../../../lib/agency.ts";

/** A lookup id or code as a select holds it: "" when none is chosen. */
export function idText(id: number | null | undefined): string {
  return id === null || id === undefined ? "" : String(id);
}

/** A select's value as the JSON saves send it: a number, or null when none is chosen. */
export function idOrNull(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** The stored birth date (dd-MM-yyyy, section 9) as the form shows it (dd/MM/yyyy). */
export function displayDate(birthDate: string): string {
  return birthDate.replaceAll("-", "/");
}

/** The stored birth time (h:mma, e.g. "6:05AM") as the form shows it (h:mm a, "6:05 AM"). */
export function displayTime(birthTime: string): string {
  return birthTime.replace(/\s*([AaPp][Mm])$/, (_whole, period: string) => ` ${period.toUpperCase()}`);
}

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
