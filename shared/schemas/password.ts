import * as z from "zod/mini";
import { mobileField } from "./profile-fields.ts";
import { signInSchema } from "./sign-in.ts";

// A member's own password, set with a one-time code sent on WhatsApp
// (ADR 0021): after registering, after a staff reset, or on "Forgot
// password?"; and changed when signed in.

export const MEMBER_PASSWORD_MIN = 8;

export const PASSWORD_MESSAGES = {
  required: "Password Required *",
  tooShort: `A password has at least ${MEMBER_PASSWORD_MIN} characters`,
  tooLong: "Password is too long",
  repeat: "Type the same password again",
  mismatch: "The two passwords are not the same",
  current: "Current password Required *",
  same: "The new password is the same as the current one",
  code: "Code Required *",
  codeFormat: "The code has 6 digits",
} as const;

export const newPasswordField = z
  .string({ error: PASSWORD_MESSAGES.required })
  .check(z.minLength(1, PASSWORD_MESSAGES.required), z.minLength(MEMBER_PASSWORD_MIN, PASSWORD_MESSAGES.tooShort), z.maxLength(200, PASSWORD_MESSAGES.tooLong));

/** Six digits, typed with or without spaces (WhatsApp's copy button gives them bare). */
export const codeField = z.pipe(
  z.string({ error: PASSWORD_MESSAGES.code }).check(z.trim(), z.minLength(1, PASSWORD_MESSAGES.code)),
  z.transform((text, ctx) => {
    const digits = text.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(digits)) {
      ctx.issues.push({ code: "custom", message: PASSWORD_MESSAGES.codeFormat, input: text });
      return z.NEVER;
    }
    return digits;
  }),
);

/** POST /api/users/password_reset: a code to the member's WhatsApp number, when the pair matches. */
export const passwordResetSchema = z.object({ pid: signInSchema.shape.pid, mobile: mobileField });
export type PasswordResetBody = z.input<typeof passwordResetSchema>;

/** POST /api/users/password_reset/confirm: the code and the member's new password; answers like sign-in. */
export const passwordResetConfirmSchema = z.object({ pid: signInSchema.shape.pid, code: codeField, password: newPasswordField });
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmSchema>;

const changePasswordFields = z.object({
  currentPassword: z.string({ error: PASSWORD_MESSAGES.current }).check(z.minLength(1, PASSWORD_MESSAGES.current), z.maxLength(200, PASSWORD_MESSAGES.tooLong)),
  password: newPasswordField,
});
const notTheCurrentPassword = z.refine<{ currentPassword: string; password: string }>((value) => value.password !== value.currentPassword, {
  message: PASSWORD_MESSAGES.same,
  path: ["password"],
});

/** PUT /api/users/password: a signed-in member changes their password, proving the current one. */
export const changePasswordSchema = changePasswordFields.check(notTheCurrentPassword);
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

/** POST /api/users/confirm_mobile: the code sent to the new WhatsApp number. */
export const confirmMobileSchema = z.object({ code: codeField });

// The forms add a second typing of the new password, which never leaves the browser.
const repeatPasswordField = z.string({ error: PASSWORD_MESSAGES.repeat }).check(z.minLength(1, PASSWORD_MESSAGES.repeat));
const sameTwice = z.refine<{ password: string; repeatPassword: string }>((value) => value.password === value.repeatPassword, {
  message: PASSWORD_MESSAGES.mismatch,
  path: ["repeatPassword"],
});

/** The form of a code and a new password (after registering, or after "Forgot password?"). */
export const setPasswordFormSchema = z.extend(passwordResetConfirmSchema, { repeatPassword: repeatPasswordField }).check(sameTwice);

/** The form of Edit profile's "Change password". */
export const changePasswordFormSchema = z.extend(changePasswordFields, { repeatPassword: repeatPasswordField }).check(notTheCurrentPassword, sameTwice);
