import * as z from "zod/mini";
import { REQUIRED, dobField, marriageField, optionalId, personName, requiredId, requiredText, tobField } from "./profile-fields.ts";
import { normalizeWork, parentFields, professionDetailsRule, workFields } from "./registration.ts";

// The four saves of the edit-profile screen (§ "Profile editing").
// Each tab saves through its own call and schema.

/**
 * PUT /api/profile_personal_data (multipart, optional photo). dob, tob and
 * height are shown but disabled on edit (§ "2. Screens and routes"); the Worker keeps the
 * stored values, so they are accepted here only to be ignored.
 */
export const personalDataSchema = z.object({
  name: personName(REQUIRED.name),
  surname: personName(REQUIRED.surname),
  dob: z.optional(dobField),
  tob: z.optional(tobField),
  pob: requiredText(REQUIRED.pob, 80),
  star: requiredId(REQUIRED.star),
  padham: requiredId(REQUIRED.padham),
  raasi: optionalId(),
  height: z.optional(z.unknown()),
  subcaste: requiredId(REQUIRED.subcaste),
  religion: requiredId(REQUIRED.religion),
  marriage: marriageField,
});
export type PersonalData = z.output<typeof personalDataSchema>;

/** PUT /api/profile_education_data (JSON). */
export const educationDataSchema = z.object({
  basicEducation: optionalId(),
  education: optionalId(),
  educationDetails: requiredText(REQUIRED.educationDetails, 300),
});
export type EducationData = z.output<typeof educationDataSchema>;

/** PUT /api/profile_professional_data (JSON); `denomination` is kept as sent. */
export const professionalDataSchema = z.pipe(
  z.object({ ...workFields, denomination: z.optional(z.nullable(z.string().check(z.maxLength(80)))) }).check(professionDetailsRule),
  z.transform((work) => normalizeWork({ ...work, denomination: work.denomination ?? null })),
);
export type ProfessionalData = z.output<typeof professionalDataSchema>;

/** PUT /api/profile_parents_data (JSON). */
export const parentsDataSchema = z.object(parentFields);
export type ParentsData = z.output<typeof parentsDataSchema>;
