// Between a member's record (as the member's edit tabs and the console's
// correction forms read it) and the forms, which hold strings as selects and
// inputs do (ADR 0022).

/** A lookup id or code as a select holds it: "" when none is chosen. */
export function idText(id: number | null | undefined): string {
  return id === null || id === undefined ? "" : String(id);
}

/** A select's value as the JSON saves send it: a number, or null when none is chosen. */
export function idOrNull(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** The stored birth date (dd-MM-yyyy, docs/specification.md § "9. Business constants and limits") as the date field takes it (dd/MM/yyyy). */
export function displayDate(birthDate: string): string {
  return birthDate.replaceAll("-", "/");
}

/**
 * The stored birth time as the API carries it (h:mma, e.g. "6:05AM", § "User record (read)") as
 * members read and type it (h:mm a, "6:05 AM", § "9. Business constants and limits"): the time
 * field's value and every screen that shows a birth time.
 */
export function displayTime(birthTime: string): string {
  return birthTime.replace(/\s*([AaPp][Mm])$/, (_whole, period: string) => ` ${period.toUpperCase()}`);
}
