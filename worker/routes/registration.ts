import { Hono } from "hono";
import type { ApiSuccess, RegistrationResult } from "#shared/api-types.ts";
import { raasiOf } from "#shared/astro/raasi.ts";
import { NOTICE_VERSION } from "#shared/privacy-notice.ts";
import { PHOTO_MESSAGES, registrationSchema } from "#shared/schemas/registration.ts";
import { registrationConsentStatements } from "../db/consents.ts";
import { activeMemberWithMobile, insertMember } from "../db/members.ts";
import { insertNewMemberCode } from "../db/one-time-codes.ts";
import { enqueueNewMemberCodeMessage } from "../db/outbox.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { ApiError, noticeChanged, text } from "../lib/errors.ts";
import { codeAllowance, codeSent, limitedCodeStatements, newCode } from "../lib/one-time-codes.ts";
import { NO_PASSWORD } from "../lib/password.ts";
import { deletePhotos, isChosenFile, storeUploadedPhoto } from "../lib/photo-upload.ts";
import { checkReferences } from "../lib/profile-references.ts";
import { readMultipart } from "../lib/multipart.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { parseOrThrow } from "../middleware/validate.ts";

// POST /api/save_new_registration (§ "7. The calls the product makes"): a visitor becomes a member.
// No password is made for them: the member row, a one-time code and its
// WhatsApp message are written in one batch, and the member sets a password
// of their own with the code (ADR 0021). The photo objects are written first
// and removed again if the batch fails, so there is never a member without a
// photo nor a photo without a member.
//
// Whether the WhatsApp number is already a member's is the last thing the
// form learns, from the unique index when the member is written (ADR 0026):
// asking costs a complete, valid registration with a real photo, at the
// registration's rate limit, and the member who has the number is sent
// their Profile ID and a code to set a password, which is what someone who
// registers twice needs, and tells anyone else that their number was tried.

const mobileTaken = (agency: string, phone: string) =>
  new ApiError(409, "CONFLICT", text("server.mobileTaken", { agency, phone }), { fields: { mobile: text("server.mobileAlreadyRegistered") } });

const isMobileConflict = (error: unknown) => String(error).includes("UNIQUE constraint failed: members.mobile");

/**
 * What "Forgot password?" would send the active member who has the number:
 * their Profile ID and a code, within the limits per member and number
 * (ADR 0021); over them, or for a deactivated member, nothing.
 */
async function helpExistingMember(c: AppContext, mobile: string, now: Date): Promise<void> {
  const member = await activeMemberWithMobile(c.env.DB, mobile);
  if (!member || !(await codeAllowance(c.env.DB, member.pid, mobile, "forgot_password", now)).allowed) return;
  const issued = await newCode(c.env, config(c.env), { reason: "forgot_password", mobile, language: member.language, pid: member.pid, origin: new URL(c.req.url).origin, now });
  await c.env.DB.batch(limitedCodeStatements(c.env.DB, member.pid, issued));
  deliverOutboxSoon(c);
}

const registration = new Hono<AppEnv>().post("/", async (c) => {
  const cfg = config(c.env);
  const now = new Date();
  const { values, files } = await readMultipart(c.req);
  const photo = files.get("photo");
  const data = parseOrThrow(registrationSchema, values, isChosenFile(photo) ? {} : { photo: PHOTO_MESSAGES.required });
  // The form was read against an older notice: the visitor reads the new one before anything is stored.
  if (data.noticeVersion !== NOTICE_VERSION) throw noticeChanged();
  await checkReferences(c.env.DB, data);

  const [keys, issued] = await Promise.all([
    storeUploadedPhoto(c.env.PHOTOS, photo as File),
    newCode(c.env, cfg, { reason: "registration", mobile: data.mobile, language: c.var.language, pid: "{pid}", origin: new URL(c.req.url).origin, now }),
  ]);

  let pid: number;
  try {
    const [inserted] = await c.env.DB.batch<{ pid: number }>([
      // The language the form was filled in: the SPA sends its active language with every call.
      insertMember(c.env.DB, { ...data, ...keys, raasi: raasiOf(data.star, data.padham), passwordHash: NO_PASSWORD, language: c.var.language }),
      insertNewMemberCode(c.env.DB, issued.code),
      enqueueNewMemberCodeMessage(c.env.DB, issued.message),
      // The notice agreed to and the optional consents, with the member (ADR 0033).
      ...registrationConsentStatements(c.env.DB, data.mobile, data.noticeVersion, data.consents ?? {}, now),
    ]);
    const row = inserted?.results[0];
    if (!row) throw new Error("member insert returned no pid");
    pid = row.pid;
  } catch (error) {
    await deletePhotos(c.env.PHOTOS, keys);
    if (!isMobileConflict(error)) throw error;
    // The answer stays the 409 even if the code cannot be sent: the member can still ask for one.
    await helpExistingMember(c, data.mobile, now).catch((failure: unknown) => {
      console.error(JSON.stringify({ kind: "registered_again_code_failed", requestId: c.var.requestId, message: String(failure) }));
    });
    throw mobileTaken(cfg.agencyName, cfg.agencyPhone);
  }
  deliverOutboxSoon(c);
  const result: RegistrationResult = { pid, mobile: data.mobile, code: codeSent(c.env) };
  return c.json({ data: result } satisfies ApiSuccess<RegistrationResult>);
});

export default registration;
