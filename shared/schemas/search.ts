import * as z from "zod/mini";
import { MAX_PROFILE_ID } from "../profile-id.ts";

// Query parameters of the search calls (§ "Lists and profiles").
// Filters travel in the URL, so a search can be shared or reloaded.

const CHOOSE = "Please choose from the list";
const optionalNumber = (message: string, min: number, max: number) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined || value === null || value === "" ? undefined : Number(value))),
    z.optional(z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message))),
  );
const id = () => optionalNumber(CHOOSE, 1, 1_000_000);

export const pageField = z.pipe(
  z.transform((value: unknown) => (value === undefined || value === "" ? 1 : Number(value))),
  z.int({ error: "page must be a whole number" }).check(z.minimum(1, "page must be a whole number"), z.maximum(1_000_000, "page must be a whole number")),
);

/** GET /api/Simple_Search_Profiles: `order=new` lists the newest profiles first. */
export const simpleSearchSchema = z.object({
  page: pageField,
  order: z.optional(z.enum(["tier", "new"], { error: "order must be tier or new" })),
});

/** GET /api/eloborate_profile: what matrimony members filter by. */
export const detailedSearchSchema = z.object({
  page: pageField,
  ageMin: optionalNumber("Age must be between 18 and 80", 18, 80),
  ageMax: optionalNumber("Age must be between 18 and 80", 18, 80),
  heightMin: id(),
  heightMax: id(),
  star: id(),
  raasi: id(),
  religion: id(),
  subcaste: id(),
  education: id(),
  professionType: id(),
  incomeMin: id(),
  workingIn: optionalNumber(CHOOSE, 1, 2),
  state: id(),
  district: id(),
  marriage: optionalNumber(CHOOSE, 1, 2),
  /** Minimum Ashtakoota points, out of 36 (ADR 0016). */
  minPoints: optionalNumber("Matching points must be between 0 and 36", 0, 36),
  /** `points`: the best matching points first; otherwise by profile type, newest first. */
  order: z.optional(z.enum(["tier", "points"], { error: "order must be tier or points" })),
});

export type DetailedSearch = z.output<typeof detailedSearchSchema>;

/** A Profile ID in a path or body (search by ID, the view request). */
export const profileIdField = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value)),
  z.int({ error: "Profile ID must be a number" }).check(z.positive("Profile ID must be a number"), z.maximum(MAX_PROFILE_ID, "Profile ID must be a number")),
);

/** POST /api/view_profile (a path of ours): see a profile's phone number and full details. */
export const viewProfileSchema = z.object({ pid: profileIdField });

/** GET /api/whatsapp/profiles_sent: `exclude`, the profile the WhatsApp page shows above the list (ADR 0012). */
export const profilesSentSchema = z.object({ exclude: z.optional(profileIdField) });
