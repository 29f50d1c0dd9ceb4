import { FORMAT, REQUIRED } from "#shared/schemas/profile-fields.ts";
import { districtInState, missingReferences, type ReferenceCheck, type ReferenceListName } from "../db/reference-lists.ts";
import { validationError } from "../middleware/validate.ts";

// Lookup ids in profile payloads must name entries of their lists, and the
// native district must lie in the native state. Checked before writing so a
// bad id gets a message on its field rather than a foreign-key failure.

const LISTS: Record<string, ReferenceListName> = {
  star: "stars",
  padham: "padhams",
  raasi: "raasis",
  height: "heights",
  subcaste: "subcastes",
  religion: "religions",
  basicEducation: "basic_education",
  education: "qualifications",
  professionType: "profession_types",
  incomePerYear: "annual_income",
  workingCity: "cities",
  workingCountry: "countries",
  workVisa: "visa",
  nativeCountry: "countries",
  nativeState: "states",
  nativeDistrict: "districts",
};

const DISTRICT_OUTSIDE_STATE = "Please choose a district of the chosen state";

/** Throws a validation error naming every field whose id is not in its list. */
export async function checkReferences(db: D1Database, payload: object): Promise<void> {
  const values = payload as Record<string, unknown>;
  const checks: ReferenceCheck[] = Object.entries(LISTS)
    .filter(([field]) => typeof values[field] === "number")
    .map(([field, list]) => ({ field, list, id: values[field] as number }));
  const fields: Record<string, string> = {};
  for (const field of await missingReferences(db, checks)) {
    fields[field] = field in REQUIRED ? REQUIRED[field as keyof typeof REQUIRED] : FORMAT.choose;
  }
  const district = values.nativeDistrict;
  if (typeof district === "number" && !fields.nativeDistrict) {
    const state = values.nativeState;
    if (typeof state !== "number" || !(await districtInState(db, district, state))) fields.nativeDistrict = DISTRICT_OUTSIDE_STATE;
  }
  if (Object.keys(fields).length > 0) throw validationError(null, fields);
}
