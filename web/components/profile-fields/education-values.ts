import type { UserRecord } from "#shared/api-types.ts";
import { educationDataSchema } from "#shared/schemas/profile-edit.ts";
import { zodMiniResolver } from "#web/lib/zod-resolver.ts";
import { idOrNull, idText } from "./record-values.ts";

// The Education form's values, read from a member's record and sent as the
// JSON payload: the same for the member's own tab and the console's
// correction (ADR 0022).

export interface EducationValues {
  basicEducation: string;
  education: string;
  educationDetails: string;
}

export const EDUCATION_FIELD_NAMES = ["basicEducation", "education", "educationDetails"] as const satisfies readonly (keyof EducationValues)[];

export function educationValues(record: UserRecord): EducationValues {
  return { basicEducation: idText(record.basicEducation), education: idText(record.education), educationDetails: record.educationDetails };
}

/** The values as the JSON saves send them: the ids as numbers, or null when none is chosen. */
export function educationPayload(values: EducationValues) {
  return { basicEducation: idOrNull(values.basicEducation), education: idOrNull(values.education), educationDetails: values.educationDetails };
}

export const educationResolver = zodMiniResolver<EducationValues, typeof educationDataSchema>(educationDataSchema, educationPayload);
