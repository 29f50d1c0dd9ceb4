import * as z from "zod/mini";
import {
  FORMAT,
  REQUIRED,
  alternateMobileField,
  birthDateAgeProblem,
  dobField,
  emailField,
  genderField,
  marriageField,
  mobileField,
  needsProfessionDetails,
  optionalId,
  optionalText,
  personName,
  requiredId,
  requiredText,
  tobField,
  workingInField,
} from "./profile-fields.ts";
import { DEFAULT_NATIVE_COUNTRY } from "../constants.ts";
import { consentChoicesSchema } from "./privacy.ts";

// POST /api/save_new_registration (multipart, § "7. The calls the product makes") without the photo,
// which the Worker's photo pipeline checks. The form validates with the same
// schema, so both show the specification's messages.

export const PHOTO_MESSAGES = {
  required: "Photo Required *",
  jpegOnly: "Only JPEG photos (.jpg, .jpeg) are accepted",
  tooLarge: "The photo is too large. Please choose a photo under 10 MB",
  tooManyPixels: "The photo is too large. Please choose a photo under 40 megapixels",
  /** Within the pixel cap but beyond what the Worker can decode in memory (ADR 0008). */
  tooDetailed: "This photo is too big to process. Please choose a smaller photo (under 12 megapixels)",
  unreadable: "The photo could not be read. Please choose another JPEG photo",
} as const;

/** Upload limits of the photo pipeline. */
export const PHOTO_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
} as const;

/** The working details (§ "3. Entities and their fields") that only apply to someone who works. */
export const workFields = {
  professionType: optionalId(),
  workingIn: workingInField,
  incomePerYear: optionalId(),
  workingCity: optionalId(),
  workingCountry: optionalId(),
  abroadWorkingCity: optionalText(80),
  workVisa: optionalId(),
  professionDetails: optionalText(500),
};

export interface WorkDetails {
  professionType: number | null;
  workingIn: 1 | 2 | null;
  incomePerYear: number | null;
  workingCity: number | null;
  workingCountry: number | null;
  abroadWorkingCity: string | null;
  workVisa: number | null;
  professionDetails: string | null;
}

/**
 * Keeps only the working details that apply: none for profession type 5,
 * income and city for India, country, city and visa for abroad.
 */
export function normalizeWork<T extends WorkDetails>(work: T): T {
  if (!needsProfessionDetails(work.professionType)) {
    return { ...work, workingIn: null, incomePerYear: null, workingCity: null, workingCountry: null, abroadWorkingCity: null, workVisa: null, professionDetails: null };
  }
  if (work.workingIn === 1) return { ...work, workingCountry: null, abroadWorkingCity: null, workVisa: null };
  if (work.workingIn === 2) return { ...work, incomePerYear: null, workingCity: null };
  return work;
}

const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);

/**
 * § "5. Validation rules": profession details are required unless the profession type is 5.
 * `when` runs the rule even while other fields are invalid, so the member
 * sees every required message at once.
 */
export const professionDetailsRule = z.refine<WorkDetails>((work) => !needsProfessionDetails(numberOrNull(work.professionType)) || Boolean(work.professionDetails), {
  message: REQUIRED.professionDetails,
  path: ["professionDetails"],
  when: () => true,
});

export const parentFields = {
  fatherName: personName(REQUIRED.fatherName, 80),
  fatherJob: requiredText(REQUIRED.fatherJob, 80),
  motherName: personName(REQUIRED.motherName, 80),
  motherJob: requiredText(REQUIRED.motherJob, 80),
  nativeCountry: z.pipe(
    z.transform((value: unknown): unknown => (value === undefined || value === null || value === "" ? DEFAULT_NATIVE_COUNTRY : value)),
    requiredId(FORMAT.choose),
  ),
  nativeState: optionalId(),
  nativeDistrict: optionalId(),
  residingCity: optionalText(80),
  mobile: mobileField,
  alternateMobile: alternateMobileField,
  email: emailField,
  address: requiredText(REQUIRED.address, 300),
};

/** Registration asks the visitor to agree to the privacy notice (DPDP Rules 2025, Rule 3; ADR 0033). */
export const NOTICE_REQUIRED = "Please read the privacy notice and agree to it";

/**
 * The two optional consents. A multipart form sends them as one JSON text
 * ({"publicList":true,"promotions":false}); the form validates the object.
 */
const registrationConsentsField = z.pipe(
  z.transform((value: unknown): unknown => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }),
  z.object(consentChoicesSchema.shape, { error: 'consents must be {"publicList": true or false, "promotions": true or false}' }),
);

const registrationFields = z
  .object({
    gender: genderField,
    name: personName(REQUIRED.name),
    surname: personName(REQUIRED.surname),
    dob: dobField,
    tob: tobField,
    pob: requiredText(REQUIRED.pob, 80),
    star: requiredId(REQUIRED.star),
    padham: requiredId(REQUIRED.padham),
    height: requiredId(REQUIRED.height),
    subcaste: requiredId(REQUIRED.subcaste),
    religion: requiredId(REQUIRED.religion),
    marriage: marriageField,
    educationDetails: requiredText(REQUIRED.educationDetails, 300),
    ...workFields,
    ...parentFields,
    /** The version of the notice the visitor read (shared/privacy-notice.ts). */
    noticeVersion: requiredText(NOTICE_REQUIRED, 40),
    consents: z.optional(registrationConsentsField),
  })
  .check(
    professionDetailsRule,
    z.superRefine(
      (value, ctx) => {
        const problem = birthDateAgeProblem(value.dob, value.gender);
        if (problem) ctx.issues.push({ code: "custom", message: problem, path: ["dob"], input: value.dob });
      },
      { when: () => true },
    ),
  );

export const registrationSchema = z.pipe(registrationFields, z.transform(normalizeWork));

export type Registration = z.output<typeof registrationSchema>;

/** The names of the registration form's fields, in the order the form shows them. */
export type RegistrationField = keyof Registration | "photo";
