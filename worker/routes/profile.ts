import { Hono } from "hono";
import type { ApiSuccess, OwnRecord } from "#shared/api-types.ts";
import { raasiOf } from "#shared/astro/raasi.ts";
import { educationDataSchema, parentsDataSchema, personalDataSchema, professionalDataSchema } from "#shared/schemas/profile-edit.ts";
import { getMemberContact, getPhotoKeys, updateEducation, updateParents, updatePersonal, updateProfessional } from "../db/members.ts";
import { closeOpenCodes, pendingMobileChange } from "../db/one-time-codes.ts";
import type { AppEnv, MemberContext } from "../env.ts";
import { notFound, text } from "../lib/errors.ts";
import { readMultipart } from "../lib/multipart.ts";
import { deletePhotos, isChosenFile, storeUploadedPhoto } from "../lib/photo-upload.ts";
import { sendMobileCode } from "../lib/mobile-change.ts";
import { ownRecord } from "../lib/own-record.ts";
import { checkReferences } from "../lib/profile-references.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";
import { renewsPublicLists } from "./public-pages.ts";

// The four saves of the edit-profile screen (§ "Profile editing").
// A member only ever changes their own profile: the pid comes from the
// session, never from the request. Each answers the updated record, and
// renews the cached public lists: every part is on a published card (ADR 0029).
// (Mounted at /api, so each route names its own auth: a `use()` here would
// guard every /api path.)

async function updatedRecord(c: MemberContext) {
  return c.json({ data: await ownRecord(c, c.var.member.pid) } satisfies ApiSuccess<OwnRecord>);
}

const profile = new Hono<AppEnv>()
  .put("/profile_personal_data", requireMember(), renewsPublicLists, async (c) => {
    const { values, files } = await readMultipart(c.req);
    const data = parseOrThrow(personalDataSchema, values);
    await checkReferences(c.env.DB, data);
    const pid = c.var.member.pid;
    const photo = files.get("photo");
    const previous = isChosenFile(photo) ? await getPhotoKeys(c.env.DB, pid) : null;
    const keys = isChosenFile(photo) ? await storeUploadedPhoto(c.env.PHOTOS, photo) : null;
    try {
      // The raasi follows from star and padham unless the member chose one.
      await updatePersonal(c.env.DB, pid, { ...data, raasi: data.raasi ?? raasiOf(data.star, data.padham) }, keys);
    } catch (error) {
      if (keys) await deletePhotos(c.env.PHOTOS, keys);
      throw error;
    }
    if (keys && previous) c.executionCtx.waitUntil(deletePhotos(c.env.PHOTOS, previous));
    return updatedRecord(c);
  })
  .put("/profile_education_data", requireMember(), renewsPublicLists, ...jsonBody(educationDataSchema), async (c) => {
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    await updateEducation(c.env.DB, c.var.member.pid, data);
    return updatedRecord(c);
  })
  .put("/profile_professional_data", requireMember(), renewsPublicLists, ...jsonBody(professionalDataSchema), async (c) => {
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    await updateProfessional(c.env.DB, c.var.member.pid, data);
    return updatedRecord(c);
  })
  // A new WhatsApp number is not stored yet: a code goes to it, and
  // users/confirm_mobile stores it (ADR 0021). Everything else is saved.
  // Whether another profile has the number is told only there, to whoever
  // holds that phone: answered here, it would tell any member whose number
  // belongs to a member (ADR 0026).
  .put("/profile_parents_data", requireMember(), renewsPublicLists, ...jsonBody(parentsDataSchema), async (c) => {
    const { mobile, ...data } = c.req.valid("json");
    const pid = c.var.member.pid;
    await checkReferences(c.env.DB, data);
    const current = await getMemberContact(c.env.DB, pid);
    if (!current) throw notFound(text("server.profileNotFound"));
    const changed = mobile !== current.mobile;
    if (changed && (await pendingMobileChange(c.env.DB, pid, new Date()))?.mobile !== mobile) await sendMobileCode(c, pid, mobile);
    // The member's own number again: a change they started is dropped.
    if (!changed) await closeOpenCodes(c.env.DB, pid, "mobile_change", new Date()).run();
    await updateParents(c.env.DB, pid, data);
    return updatedRecord(c);
  });

export default profile;
