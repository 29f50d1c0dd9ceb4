import { getMemberLanguage } from "../db/members.ts";
import { config, type AppContext } from "../env.ts";
import { ApiError, text } from "./errors.ts";
import { codeAllowance, limitedCodeStatements, newCode } from "./one-time-codes.ts";
import { deliverOutboxSoon } from "./whatsapp/deliver-outbox.ts";

/** Asks for a code to a new WhatsApp number, from the parents tab of Edit profile (worker/routes/profile.ts); users/confirm_mobile stores the number (worker/routes/account.ts). */
export async function sendMobileCode(c: AppContext, pid: number, mobile: string): Promise<void> {
  const now = new Date();
  const allowance = await codeAllowance(c.env.DB, pid, mobile, "mobile_change", now);
  if (!allowance.allowed) {
    const tooMany = text("server.tooManyCodes");
    throw new ApiError(429, "TOO_MANY_REQUESTS", tooMany, { fields: { mobile: tooMany } }, { "Retry-After": String(allowance.retryAfterSeconds) });
  }
  const issued = await newCode(c.env, config(c.env), {
    reason: "mobile_change",
    mobile,
    language: await getMemberLanguage(c.env.DB, pid),
    pid,
    origin: new URL(c.req.url).origin,
    now,
  });
  await c.env.DB.batch(limitedCodeStatements(c.env.DB, pid, issued));
  deliverOutboxSoon(c);
}
