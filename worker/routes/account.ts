import { Hono } from "hono";
import type { ApiSuccess, CodeSent, OwnRecord, SignInResult } from "#shared/api-types.ts";
import { changePasswordSchema, confirmMobileSchema, passwordResetConfirmSchema, passwordResetSchema } from "#shared/schemas/password.ts";
import { getCredentials, getMemberContact, getMemberLanguage, isMobileTaken, setMemberMobile, setPasswordHash } from "../db/members.ts";
import { closeCode, closeCodesToOtherNumbers, closeOpenCodes, takeCodeAttempt, whyNoAttempt, type CodeReason } from "../db/one-time-codes.ts";
import { revokeMemberLinks } from "../db/link-tokens.ts";
import { endMemberSessions, endOtherSessions } from "../db/sessions.ts";
import { clearFailures } from "../db/sign-in-failures.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { ApiError, type Text, text, unauthenticated } from "../lib/errors.ts";
import { codeAllowance, codeMatches, codeSent, limitedCodeStatements, newCode } from "../lib/one-time-codes.ts";
import { ownRecord } from "../lib/own-record.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { callerNetwork, inactiveProfile, startSession, takePasswordAttempt } from "../lib/sign-in.ts";
import { followNumberChange } from "../db/outbox.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody } from "../middleware/validate.ts";
import { renewsPublicLists } from "./public-pages.ts";

// A member's own password and WhatsApp number (ADR 0021), under /api/users:
// "Forgot password?" sends a one-time code to the number on file and the
// member sets a new password with it; a signed-in member changes their
// password with the current one, and confirms a new WhatsApp number with a
// code sent to it.

function codeRefused(said: Text): ApiError {
  return new ApiError(400, "INVALID_CODE", said, { err: said, fields: { code: said } });
}

const CODE_GONE = text("server.codeGone");
const TRIES_USED = text("server.codeTriesUsed");

/**
 * Counts a try of the member's live code from the caller's network before
 * comparing it, and answers with the code's id when it matches. Every way
 * of failing says what to do.
 */
export async function checkCode(c: AppContext, pid: number, reason: CodeReason, code: string, now: Date): Promise<{ id: number; mobile: string }> {
  const network = callerNetwork(c);
  const attempt = await takeCodeAttempt(c.env.DB, pid, reason, network, now);
  if (!attempt) {
    const why = await whyNoAttempt(c.env.DB, pid, reason, network, now);
    throw codeRefused(why === "tries_used" ? TRIES_USED : CODE_GONE);
  }
  if (!(await codeMatches(code, attempt.codeHash, config(c.env).passwordPepper))) {
    throw codeRefused(attempt.left > 0 ? text("server.wrongCode", { left: attempt.left }) : TRIES_USED);
  }
  // Of two right answers sent at once, one uses the code; the other is told it was used.
  if (!(await closeCode(c.env.DB, attempt.id, now))) throw codeRefused(CODE_GONE);
  return { id: attempt.id, mobile: attempt.mobile };
}

/** A code for "Forgot password?", within the limits per member and number (ADR 0021); over them nothing is sent. */
async function sendForgotPasswordCode(c: AppContext, pid: number, mobile: string, now: Date): Promise<void> {
  if (!(await codeAllowance(c.env.DB, pid, mobile, "forgot_password", now)).allowed) return;
  const issued = await newCode(c.env, config(c.env), {
    reason: "forgot_password",
    mobile,
    language: await getMemberLanguage(c.env.DB, pid),
    pid,
    origin: new URL(c.req.url).origin,
    now,
  });
  await c.env.DB.batch(limitedCodeStatements(c.env.DB, pid, issued));
  deliverOutboxSoon(c);
}

const account = new Hono<AppEnv>()
  .post("/password_reset", ...jsonBody(passwordResetSchema), async (c) => {
    const { pid, mobile } = c.req.valid("json");
    const now = new Date();
    const member = await getMemberContact(c.env.DB, pid);
    // The same answer whether or not the pair matches, and whether or not a
    // code goes: it must not tell a stranger whose number is whose, not even
    // by taking longer, so the code is made after the answer. Nothing is sent
    // to a number that is not the member's.
    if (member?.active && member.mobile === mobile) {
      c.executionCtx.waitUntil(
        sendForgotPasswordCode(c, pid, mobile, now).catch((error: unknown) => {
          console.error(JSON.stringify({ kind: "forgot_password_code_failed", pid, message: String(error) }));
        }),
      );
    }
    return c.json({ data: codeSent(c.env) } satisfies ApiSuccess<CodeSent>);
  })
  .post("/password_reset/confirm", ...jsonBody(passwordResetConfirmSchema), async (c) => {
    const { pid, code, password } = c.req.valid("json");
    const now = new Date();
    const cfg = config(c.env);
    const member = await getCredentials(c.env.DB, pid);
    if (!member) throw codeRefused(CODE_GONE);
    await checkCode(c, pid, "forgot_password", code, now);
    if (!member.active) throw inactiveProfile(c, member);
    // The new password, every other session ended and every link revoked
    // (whoever knew the old password or held a link is out, as after a staff
    // reset), and a fresh count of failed sign-ins.
    await c.env.DB.batch([
      setPasswordHash(c.env.DB, pid, await hashPassword(password, cfg.passwordPepper)),
      endMemberSessions(c.env.DB, pid, now),
      revokeMemberLinks(c.env.DB, pid, now),
      clearFailures(c.env.DB, { pid }),
    ]);
    const result: SignInResult = await startSession(c, member, { method: "code" }, now);
    return c.json({ data: result } satisfies ApiSuccess<SignInResult>);
  })
  .put("/password", requireMember(), ...jsonBody(changePasswordSchema), async (c) => {
    const { currentPassword, password } = c.req.valid("json");
    const { pid, sessionId } = c.var.member;
    const now = new Date();
    const cfg = config(c.env);
    // Proving the current password is a sign-in: the same back-off.
    await takePasswordAttempt(c, { pid }, now);
    const member = await getCredentials(c.env.DB, pid);
    if (!member) throw unauthenticated();
    const wrong = text("server.currentPasswordWrong");
    const currentWrong = new ApiError(400, "VALIDATION_FAILED", wrong, { fields: { currentPassword: wrong } });
    if (!(await verifyPassword(currentPassword, member.passwordHash, cfg.passwordPepper))) throw currentWrong;
    // Written only over the hash just checked: a reset that landed meanwhile
    // wins, and this change then closes no code and ends no session (its own
    // session was ended by the reset). A code sent earlier to set a password
    // ("Forgot password?", a staff reset) closes: it would otherwise undo
    // this change and sign out this device (ADR 0021).
    const newHash = await hashPassword(password, cfg.passwordPepper);
    const [changed] = await c.env.DB.batch([
      setPasswordHash(c.env.DB, pid, newHash, member.passwordHash),
      closeOpenCodes(c.env.DB, pid, "forgot_password", now, { onlyIfPreviousChanged: true }),
      endOtherSessions(c.env.DB, pid, sessionId, now),
      clearFailures(c.env.DB, { pid, whilePasswordHash: newHash }),
    ]);
    if (!changed?.meta.changes) throw currentWrong;
    return c.json({ data: { changed: true } } satisfies ApiSuccess<{ changed: true }>);
  })
  .post("/confirm_mobile", requireMember(), renewsPublicLists, ...jsonBody(confirmMobileSchema), async (c) => {
    const pid = c.var.member.pid;
    const now = new Date();
    const { mobile } = await checkCode(c, pid, "mobile_change", c.req.valid("json").code, now);
    if (await isMobileTaken(c.env.DB, mobile, pid)) {
      throw new ApiError(409, "CONFLICT", text("server.mobileTakenMeanwhile"), { fields: { code: text("server.mobileAlreadyRegistered") } });
    }
    try {
      // What went to the old number stops working with it, codes and one-tap links, and the
      // messages still waiting for it follow the number (ADR 0021). This device stays signed in.
      await c.env.DB.batch([
        setMemberMobile(c.env.DB, pid, mobile),
        closeCodesToOtherNumbers(c.env.DB, pid, mobile, now),
        revokeMemberLinks(c.env.DB, pid, now),
        ...followNumberChange(c.env.DB, pid, mobile, now),
      ]);
    } catch (error) {
      if (String(error).includes("UNIQUE constraint failed: members.mobile")) {
        throw new ApiError(409, "CONFLICT", text("server.mobileTakenMeanwhile"), { fields: { code: text("server.mobileAlreadyRegistered") } });
      }
      throw error;
    }
    return c.json({ data: await ownRecord(c, pid) } satisfies ApiSuccess<OwnRecord>);
  });

export default account;
