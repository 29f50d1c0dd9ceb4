import * as z from "zod/mini";
import { profileIdField } from "./search.ts";

// Payloads of the agency's admin calls (ADR 0018).

export const staffSignInSchema = z.object({
  username: z.string({ error: "Username Required *" }).check(z.trim(), z.minLength(1, "Username Required *"), z.maxLength(60, "Username is too long")),
  password: z.string({ error: "Password Required *" }).check(z.minLength(1, "Password Required *"), z.maxLength(200, "Password is too long")),
});

/** POST /api/admin/profile_interest (§ "7. The calls the product makes"): the agency sends interest on a member's behalf. */
export const profileInterestSchema = z.object({
  userId: profileIdField,
  interestedId: profileIdField,
  skip: z.optional(z.boolean({ error: "skip must be true or false" })),
});

/** The same rules as `npm run agency -- create-owner` (scripts/agency.ts). */
export const STAFF_USERNAME = /^[A-Za-z0-9._-]{3,60}$/;
export const STAFF_PASSWORD_MIN = 8;

/** POST /api/admin/staff: an owner adds a staff account; the server makes its password. */
export const newStaffSchema = z.object({
  username: z.string({ error: "Username Required *" }).check(z.trim(), z.regex(STAFF_USERNAME, "A username has 3 to 60 letters, digits, dots, dashes or underscores")),
  name: z.string({ error: "Name Required *" }).check(z.trim(), z.minLength(1, "Name Required *"), z.maxLength(80, "Name is too long")),
  role: z.enum(["owner", "staff"], { error: "Choose owner or staff" }),
});
export type NewStaff = z.output<typeof newStaffSchema>;

/** PUT /api/admin/me/password: staff choose their own password, proving the current one. */
export const ownPasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password Required *" }).check(z.minLength(1, "Current password Required *"), z.maxLength(200, "Password is too long")),
    newPassword: z
      .string({ error: "New password Required *" })
      .check(
        z.minLength(1, "New password Required *"),
        z.minLength(STAFF_PASSWORD_MIN, `A password has at least ${STAFF_PASSWORD_MIN} characters`),
        z.maxLength(200, "Password is too long"),
      ),
  })
  .check(
    z.refine((value) => value.newPassword !== value.currentPassword, {
      message: "The new password is the same as the current one",
      path: ["newPassword"],
    }),
  );
export type OwnPassword = z.output<typeof ownPasswordSchema>;
