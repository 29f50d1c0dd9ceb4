import type { UserRecord } from "#shared/api-types.ts";
import { professionalDataSchema } from "#shared/schemas/profile-edit.ts";
import { withoutHiddenWork, type WorkTexts } from "#web/lib/work-visibility.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { idOrNull, idText } from "./record-values.ts";

// The Profession form's values, read from a member's record and sent as the
// JSON payload: the same for the member's own tab and the console's
// correction (ADR 0022).

export const WORK_FIELD_NAMES = [
  "professionType",
  "workingIn",
  "incomePerYear",
  "workingCity",
  "workingCountry",
  "abroadWorkingCity",
  "workVisa",
  "professionDetails",
] as const satisfies readonly (keyof WorkTexts)[];

export function workValues(record: UserRecord): WorkTexts {
  return {
    professionType: idText(record.professionType),
    workingIn: idText(record.workingIn),
    incomePerYear: idText(record.incomePerYear),
    workingCity: idText(record.workingCity),
    workingCountry: idText(record.workingCountry),
    abroadWorkingCity: record.abroadWorkingCity ?? "",
    workVisa: idText(record.workVisa),
    professionDetails: record.professionDetails ?? "",
  };
}

/**
 * What the payload holds: the details the form shows, with the ids as
 * numbers. The form has no field for `denomination` (the specification
 * names it only in the payload), so the stored value goes back unchanged.
 */
export function workPayload(values: WorkTexts, denomination: string | null) {
  const shown = withoutHiddenWork(values);
  return {
    professionType: idOrNull(shown.professionType),
    workingIn: idOrNull(shown.workingIn),
    workingCity: idOrNull(shown.workingCity),
    incomePerYear: idOrNull(shown.incomePerYear),
    workingCountry: idOrNull(shown.workingCountry),
    abroadWorkingCity: shown.abroadWorkingCity,
    denomination,
    workVisa: idOrNull(shown.workVisa),
    professionDetails: shown.professionDetails,
  };
}

/** Checks the payload the values make, keeping the member's stored `denomination`. */
export function workResolver(denomination: string | null) {
  return zodMiniResolver<WorkTexts, typeof professionalDataSchema>(professionalDataSchema, (values) => workPayload(values, denomination));
}
