import * as z from "zod/mini";
import { MAX_PROFILE_ID } from "../profile-id.ts";

// POST /api/users/sign_in. The form converts the Profile ID to a number
// before sending (§ "5. Validation rules"), so the server accepts numbers only.
export const SIGN_IN_MESSAGES = {
  pid: "Profile ID Required *",
  pidFormat: "Profile ID must be a number",
  password: "Password Required *",
} as const;

export const signInSchema = z.object({
  pid: z
    .int({ error: (issue) => (issue.input === undefined || issue.input === null ? SIGN_IN_MESSAGES.pid : SIGN_IN_MESSAGES.pidFormat) })
    .check(z.positive(SIGN_IN_MESSAGES.pidFormat), z.maximum(MAX_PROFILE_ID, SIGN_IN_MESSAGES.pidFormat)),
  password: z.string({ error: SIGN_IN_MESSAGES.password }).check(z.minLength(1, SIGN_IN_MESSAGES.password), z.maxLength(200, "Password is too long")),
});

export type SignInBody = z.infer<typeof signInSchema>;

/**
 * POST /api/users/link_sign_in: the SPA of /profile_link, /interest_link and
 * /whatsapp_link posts the link's payload; a GET never signs anyone in.
 */
export const linkSignInSchema = z.object({
  kind: z.enum(["profile", "interest", "whatsapp"], { error: "kind must be profile, interest or whatsapp" }),
  link: z.string({ error: "link is required" }).check(z.maxLength(4096, "link is too long")),
});
