import * as z from "zod/mini";
import { PASSWORD_MESSAGES, codeField } from "./password.ts";

// Deleting a profile (ADR 0034): the member confirms with their password or
// with a code sent to their WhatsApp; staff delete on a member's request,
// naming the data request it answers when there is one.

export const DELETE_PROFILE_MESSAGES = {
  oneOf: "Confirm with your password or with the code sent to your WhatsApp",
} as const;

const deleteProfileFields = z.object({
  password: z.optional(z.string({ error: PASSWORD_MESSAGES.required }).check(z.minLength(1, PASSWORD_MESSAGES.required), z.maxLength(200, PASSWORD_MESSAGES.tooLong))),
  code: z.optional(codeField),
});

/** POST /api/users/delete_profile: `{ password }` or `{ code }`, exactly one. */
export const deleteProfileSchema = deleteProfileFields.check(
  z.refine((value) => (value.password === undefined) !== (value.code === undefined), { message: DELETE_PROFILE_MESSAGES.oneOf, path: ["password"] }),
);

/** POST /api/admin/members/{pid}/delete_profile: the member's data request it answers, if any. */
export const staffDeleteProfileSchema = z.object({
  requestId: z.optional(z.number({ error: "requestId is the number of a data request" }).check(z.int(), z.positive())),
});
