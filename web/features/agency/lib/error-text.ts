// Failures as staff read them: the server's own text when it sent one (it
// names the problem: "Profiles viewed cannot be more than profiles allowed"),
// and the per-field messages on the fields they belong to.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "#web/lib/api-client.ts";

export function errorText(error: unknown): string {
  if (isApiError(error)) return error.error;
  return "Something went wrong. Please try again.";
}

/**
 * Puts the server's `fields` messages under the form's fields of the same
 * name, with the focus on the first of them; returns whether any landed, so
 * the form can skip repeating them.
 */
export function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let shown = false;
  for (const name of names) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: "server", message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
