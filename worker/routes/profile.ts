import { Hono } from "hono";
import { raasiOf } from "../../shared/astro/raasi.ts";
import { educationDataSchema, parentsDataSchema, personalDataSchema, professionalDataSchema } from "../../shared/schemas/profile-edit.ts";
import { getPhotoKeys, getUserRecord, isMobileTaken, updateEducation, updateParents, updatePersonal, updateProfessional } from "../db/members.ts";
import type { AppContext, AppEnv } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { readMultipart } from "../lib/multipart.ts";
import { deletePhotos, isChosenFile, storeUploadedPhoto } from "../lib/photo-upload.ts";
import { checkReferences } from "../lib/profile-references.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";

// The four saves of the edit-profile screen (section 7, "Profile editing").
// A member only ever changes their own profile: the pid comes from the
// session, never from the request. Each answers the updated record.
// (Mounted at /api, so each route names its own auth: a `use()` here would
// guard every /api path.)

async function updatedRecord(c: AppContext) {
  const record = await getUserRecord(c.env.DB, c.var.member.pid);
  if (!record) throw notFound("Profile not found");
  return c.json({ data: record });
}

const profile = new Hono<AppEnv>()
  .put("/profile_personal_data", requireMember(), async (c) => {
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
  .put("/profile_education_data", requireMember(), ...jsonBody(educationDataSchema), async (c) => {
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    await updateEducation(c.env.DB, c.var.member.pid, data);
    return updatedRecord(c);
  })
  .put("/profile_professional_data", requireMember(), ...jsonBody(professionalDataSchema), async (c) => {
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    await updateProfessional(c.env.DB, c.var.member.pid, data);
    return updatedRecord(c);
  })
  .put("/profile_parents_data", requireMember(), ...jsonBody(parentsDataSchema), async (c) => {
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    if (await isMobileTaken(c.env.DB, data.mobile, c.var.member.pid)) {
      throw new ApiError(409, "CONFLICT", "This WhatsApp number is already registered to another profile.", {
        fields: { mobile: "This WhatsApp number is already registered" },
      });
    }
    await updateParents(c.env.DB, c.var.member.pid, data);
    return updatedRecord(c);
  });

export default profile;
