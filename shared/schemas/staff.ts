import * as z from "zod/mini";
import { profileIdField } from "./search.ts";

// Payloads of the agency's admin calls (issue 7).

export const staffSignInSchema = z.object({
  username: z.string({ error: "Username Required *" }).check(z.trim(), z.minLength(1, "Username Required *"), z.maxLength(60, "Username is too long")),
  password: z.string({ error: "Password Required *" }).check(z.minLength(1, "Password Required *"), z.maxLength(200, "Password is too long")),
});

/** POST /api/admin/profile_interest (section 7): the agency sends interest on a member's behalf. */
export const profileInterestSchema = z.object({
  userId: profileIdField,
  interestedId: profileIdField,
  skip: z.optional(z.boolean({ error: "skip must be true or false" })),
});

/** The same rule as `npm run agency -- create-owner` (scripts/agency.ts). */
export const STAFF_USERNAME = /^[A-Za-z0-9._-]{3,60}$/;

/** POST /api/admin/staff: an owner adds a staff account; the server makes its password. */
export const newStaffSchema = z.object({
  username: z.string({ error: "Username Required *" }).check(
    z.trim(),
    z.regex(STAFF_USERNAME, "A username has 3 to 60 letters, digits, dots, dashes or underscores"),
  ),
  name: z.string({ error: "Name Required *" }).check(z.trim(), z.minLength(1, "Name Required *"), z.maxLength(80, "Name is too long")),
  role: z.enum(["owner", "staff"], { error: "Choose owner or staff" }),
});
export type NewStaff = z.output<typeof newStaffSchema>;
