import type { UserRecord } from "#shared/api-types.ts";
import { DEFAULT_NATIVE_COUNTRY } from "#shared/constants.ts";
import { parentsDataSchema } from "#shared/schemas/profile-edit.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { idOrNull, idText } from "./record-values.ts";

// The Parent details form's values, read from a member's record and sent as
// the JSON payload: the same for the member's own tab and the console's
// correction (ADR 0022).

export interface ParentsValues {
  fatherName: string;
  fatherJob: string;
  motherName: string;
  motherJob: string;
  nativeCountry: string;
  nativeState: string;
  nativeDistrict: string;
  residingCity: string;
  mobile: string;
  alternateMobile: string;
  email: string;
  address: string;
}

export const PARENTS_FIELD_NAMES = [
  "fatherName",
  "fatherJob",
  "motherName",
  "motherJob",
  "nativeCountry",
  "nativeState",
  "nativeDistrict",
  "residingCity",
  "mobile",
  "alternateMobile",
  "email",
  "address",
] as const satisfies readonly (keyof ParentsValues)[];

/** The record's values; `mobile` is the number the field shows (the member's tab shows one waiting for its code). */
export function parentsValues(record: UserRecord, mobile: string = record.mobileNo): ParentsValues {
  return {
    fatherName: record.fatherName,
    fatherJob: record.fatherProfession,
    motherName: record.motherName,
    motherJob: record.motherProfession,
    nativeCountry: idText(record.nativeCountry ?? DEFAULT_NATIVE_COUNTRY),
    nativeState: idText(record.nativeState),
    nativeDistrict: idText(record.nativeDistrict),
    residingCity: record.residingCity ?? "",
    mobile,
    alternateMobile: record.alternateMobileNo ?? "",
    email: record.email ?? "",
    address: record.presentAddress,
  };
}

/** The values as the JSON saves send them: the place ids as numbers, or null when none is chosen. */
export function parentsPayload(values: ParentsValues) {
  return {
    ...values,
    nativeCountry: idOrNull(values.nativeCountry),
    nativeState: idOrNull(values.nativeState),
    nativeDistrict: idOrNull(values.nativeDistrict),
  };
}

export const parentsResolver = zodMiniResolver<ParentsValues, typeof parentsDataSchema>(parentsDataSchema, parentsPayload);
