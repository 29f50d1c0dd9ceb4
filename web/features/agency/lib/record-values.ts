// Between a member's record (AdminMember.record) and the console's
// correction forms, which hold strings as selects and inputs do (ADR 0022).

/** A lookup id or code as a select holds it: "" when none is chosen. */
export function idText(id: number | null | undefined): string {
  return id === null || id === undefined ? "" : String(id);
}

/** A select's value as a JSON payload carries it: a number, or null when none is chosen. */
export function idOrNull(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** The record's birth date (dd-MM-yyyy) as the date field takes it (dd/MM/yyyy). */
export function formDate(birthDate: string): string {
  return birthDate.replaceAll("-", "/");
}

/** The record's birth time (h:mma, "6:05AM") as the time field takes it (h:mm a, "6:05 AM"). */
export function formTime(birthTime: string): string {
  return birthTime.replace(/\s*([AaPp][Mm])$/, (_whole, period: string) => ` ${period.toUpperCase()}`);
}
