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
