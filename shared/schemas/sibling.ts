import * as z from "zod/mini";
import { personName } from "./profile-fields.ts";

// POST /api/sibling and PUT /api/sibling/{id} (§ "7. The calls the product makes"), with the sibling
// form's messages (§ "Sibling form").

export const SIBLING_MESSAGES = {
  siblingType: "Relation Required *",
  name: "Name Required *",
  maritalStatus: "Marital Status Required *",
  working: "Required *",
  details: "Required *",
} as const;

export const SIBLING_TYPES = { EB: "Elder Brother", ES: "Elder Sister", YB: "Younger Brother", YS: "Younger Sister" } as const;
export const MARITAL_STATUSES = { M: "Married", U: "Unmarried" } as const;
export const WORKING = { Y: "Working", N: "Not working" } as const;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const siblingSchema = z.object({
  siblingType: z.pipe(z.transform(blankToUndefined), z.enum(["EB", "ES", "YB", "YS"], { error: SIBLING_MESSAGES.siblingType })),
  name: personName(SIBLING_MESSAGES.name),
  maritalStatus: z.pipe(z.transform(blankToUndefined), z.enum(["M", "U"], { error: SIBLING_MESSAGES.maritalStatus })),
  working: z.pipe(z.transform(blankToUndefined), z.enum(["Y", "N"], { error: SIBLING_MESSAGES.working })),
  details: z.string({ error: SIBLING_MESSAGES.details }).check(z.trim(), z.minLength(1, SIBLING_MESSAGES.details), z.maxLength(200, "Please keep this under 200 characters")),
});
export type SiblingBody = z.output<typeof siblingSchema>;

/** PUT /api/has_sibling: 2 none, 1 has (§ "3. Entities and their fields"). */
export const hasSiblingsSchema = z.object({
  hasSiblings: z.union([z.literal(1), z.literal(2)], { error: "hasSiblings must be 1 or 2" }),
});
