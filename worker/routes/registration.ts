import { Hono } from "hono";
import type { RegistrationResult } from "../../shared/api-types.ts";
import { raasiOf } from "../../shared/astro/raasi.ts";
import { PHOTO_MESSAGES, registrationSchema } from "../../shared/schemas/registration.ts";
import { insertMember, isMobileTaken } from "../db/members.ts";
import { insertNewMemberCode } from "../db/one-time-codes.ts";
import { enqueueNewMemberCodeMessage } from "../db/outbox.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { codeSent, newCode } from "../lib/one-time-codes.ts";
import { NO_PASSWORD } from "../lib/password.ts";
import { deletePhotos, isChosenFile, storeUploadedPhoto } from "../lib/photo-upload.ts";
import { checkReferences } from "../lib/profile-references.ts";
import { readMultipart } from "../lib/multipart.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { parseOrThrow } from "../middleware/validate.ts";

// POST /api/save_new_registration (section 7): a visitor becomes a member.
// No password is made for them: the member row, a one-time code and its
// WhatsApp message are written in one batch, and the member sets a password
// of their own with the code (ADR 0021). The photo objects are written first
// and removed again if the batch fails, so there is never a member without a
// photo nor a photo without a member.

const mobileTaken = (agency: string, phone: string) =>
  new ApiError(409, "CONFLICT", `This WhatsApp number is already registered. Please login with your Profile ID, or contact ${agency} ${phone}.`, {
    fields: { mobile: "This WhatsApp number is already registered" },
  });

const registration = new Hono<AppEnv>().post("/", async (c) => {
  const cfg = config(c.env);
  const { values, files } = await readMultipart(c.req);
  const photo = files.get("photo");
  const data = parseOrThrow(registrationSchema, values, isChosenFile(photo) ? {} : { photo: PHOTO_MESSAGES.required });
  await checkReferences(c.env.DB, data);
  if (await isMobileTaken(c.env.DB, data.mobile)) throw mobileTaken(cfg.agencyName, cfg.agencyPhone);

  const [keys, issued] = await Promise.all([
    storeUploadedPhoto(c.env.PHOTOS, photo as File),
    newCode(c.env, cfg, { reason: "registration", mobile: data.mobile, language: "en", pid: "{pid}", origin: new URL(c.req.url).origin, now: new Date() }),
  ]);

  let pid: number;
  try {
    const [inserted] = await c.env.DB.batch<{ pid: number }>([
      insertMember(c.env.DB, { ...data, ...keys, raasi: raasiOf(data.star, data.padham), passwordHash: NO_PASSWORD }),
      insertNewMemberCode(c.env.DB, issued.code),
      enqueueNewMemberCodeMessage(c.env.DB, issued.message),
    ]);
    const row = inserted?.results[0];
    if (!row) throw new Error("member insert returned no pid");
    pid = row.pid;
  } catch (error) {
    await deletePhotos(c.env.PHOTOS, keys);
    // Two registrations with one number at the same moment: the unique index decides.
    if (String(error).includes("UNIQUE constraint failed: members.mobile")) throw mobileTaken(cfg.agencyName, cfg.agencyPhone);
    throw error;
  }
  deliverOutboxSoon(c);
  const result: RegistrationResult = { pid, mobile: data.mobile, code: codeSent(c.env) };
  return c.json({ data: result });
});

export default registration;
