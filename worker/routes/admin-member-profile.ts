import { Hono } from "hono";
import type { AdminMember } from "#shared/admin-types.ts";
import type { ApiSuccess } from "#shared/api-types.ts";
import { raasiOf } from "#shared/astro/raasi.ts";
import { correctPersonalSchema } from "#shared/schemas/admin.ts";
import { educationDataSchema, parentsDataSchema, professionalDataSchema } from "#shared/schemas/profile-edit.ts";
import { correctParents, correctPersonal, getCorrectableFields, pidWithMobile, type CorrectableFields } from "../db/admin-members.ts";
import { getPhotoKeys, setEducation, setProfession } from "../db/members.ts";
import { revokeMemberLinks } from "../db/link-tokens.ts";
import { closeCodesToOtherNumbers } from "../db/one-time-codes.ts";
import { followNumberChange } from "../db/outbox.ts";
import { endMemberSessions } from "../db/sessions.ts";
import { auditEntry } from "../db/staff.ts";
import type { AppContext, AppEnv, StaffContext } from "../env.ts";
import { NO_MEMBER } from "../lib/admin-member.ts";
import { refuseDeletedProfile } from "../lib/erasure.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { readMultipart } from "../lib/multipart.ts";
import { deletePhotos, isChosenFile, storeUploadedPhoto } from "../lib/photo-upload.ts";
import { checkReferences } from "../lib/profile-references.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";
import { memberOrNotFound, pidParam } from "./admin-members.ts";
import { renewsPublicLists } from "./public-pages.ts";

// Staff correct a member's profile (ADR 0022), under /api/admin/members/{pid}:
// the four parts of the member's own edit screen, with the same schemas and
// reference checks, and what only staff may correct on the phone with the
// family (birth date, birth time, height, the WhatsApp number without a
// code). Each save and its audit entry, the changed fields before and after,
// are one batch; a save that changes nothing writes nothing. Each answers
// the member whole, as the other console changes do, and renews the cached
// public lists: every part is on a published card (ADR 0029).

/** What a correction starts from: 404 for a Profile ID nobody has, 409 for a profile its member deleted (ADR 0034). */
async function storedOrNotFound(c: AppContext, pid: number): Promise<CorrectableFields> {
  const stored = await getCorrectableFields(c.env.DB, pid);
  if (!stored) throw notFound(NO_MEMBER);
  await refuseDeletedProfile(c, pid);
  return stored;
}

interface Change {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The fields a save changes, as stored before and as saved: what the audit entry records. */
function changedFields(stored: CorrectableFields, saved: Partial<CorrectableFields>): Change {
  const change: Change = { before: {}, after: {} };
  for (const [key, value] of Object.entries(saved)) {
    const old = stored[key as keyof CorrectableFields];
    if (old === value) continue;
    change.before[key] = old;
    change.after[key] = value;
  }
  return change;
}

const isEmpty = (change: Change) => Object.keys(change.after).length === 0;

/** Writes a correction with its audit entry, unless it changes nothing. */
async function writeCorrection(c: StaffContext, pid: number, action: string, change: Change, statement: D1PreparedStatement, more: D1PreparedStatement[] = []) {
  if (isEmpty(change)) return;
  await c.env.DB.batch([
    statement,
    auditEntry(c.env.DB, { staffId: c.var.staff.id, action, target: String(pid), before: change.before, after: change.after }, { onlyIfPreviousChanged: true }),
    ...more,
  ]);
}

/** Staff may open the other profile, so the answer names it. */
function mobileTaken(otherPid: number | null): ApiError {
  const owner = otherPid === null ? "another profile" : `Profile ID ${otherPid}`;
  return new ApiError(409, "CONFLICT", `This WhatsApp number is already registered to ${owner}.`, {
    fields: { mobile: `Already the WhatsApp number of ${owner}` },
  });
}

const adminMemberProfile = new Hono<AppEnv>()
  // Multipart, as the member's profile_personal_data: the photo goes through
  // the same pipeline, and the old one is removed only once the new one is
  // saved (profile.ts). The gender is the stored one (ADR 0022).
  .put("/:pid/personal", requireStaff(), renewsPublicLists, async (c) => {
    const pid = pidParam(c);
    const stored = await storedOrNotFound(c, pid);
    const { values, files } = await readMultipart(c.req);
    const data = parseOrThrow(correctPersonalSchema(stored.gender), values);
    await checkReferences(c.env.DB, data);
    // The raasi follows from star and padham unless one was chosen, as on the member's own edit.
    const saved = { ...data, raasi: data.raasi ?? raasiOf(data.star, data.padham) };
    const change = changedFields(stored, saved);
    const photo = files.get("photo");
    const previous = isChosenFile(photo) ? await getPhotoKeys(c.env.DB, pid) : null;
    const keys = isChosenFile(photo) ? await storeUploadedPhoto(c.env.PHOTOS, photo) : null;
    if (keys) {
      // Never the photo or its keys: the full photo's key is what keeps it private.
      change.before.photo = previous ? "previous photo" : "no photo";
      change.after.photo = "replaced";
    }
    try {
      await writeCorrection(c, pid, "correct_personal", change, correctPersonal(c.env.DB, pid, saved, keys));
    } catch (error) {
      if (keys) await deletePhotos(c.env.PHOTOS, keys);
      throw error;
    }
    if (keys && previous) c.executionCtx.waitUntil(deletePhotos(c.env.PHOTOS, previous));
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  })
  .put("/:pid/education", requireStaff(), renewsPublicLists, ...jsonBody(educationDataSchema), async (c) => {
    const pid = pidParam(c);
    const stored = await storedOrNotFound(c, pid);
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    await writeCorrection(c, pid, "correct_education", changedFields(stored, data), setEducation(c.env.DB, pid, data));
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  })
  .put("/:pid/profession", requireStaff(), renewsPublicLists, ...jsonBody(professionalDataSchema), async (c) => {
    const pid = pidParam(c);
    const stored = await storedOrNotFound(c, pid);
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    await writeCorrection(c, pid, "correct_profession", changedFields(stored, data), setProfession(c.env.DB, pid, data));
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  })
  // Staff on the phone with the family set a new WhatsApp number directly,
  // without the code the member's own edit sends to it (ADR 0022): the
  // family may have lost the old phone, and the audit entry says who did it.
  // Whoever holds the old phone loses what it gave them, in the same batch:
  // every session ends, every link is revoked, and every open code (a
  // password code sent to the old number, a change the member started and
  // has not confirmed) is closed. The member's messages not yet sent go to
  // the new number, those with a code not at all.
  .put("/:pid/parents", requireStaff(), renewsPublicLists, ...jsonBody(parentsDataSchema), async (c) => {
    const pid = pidParam(c);
    const stored = await storedOrNotFound(c, pid);
    const data = c.req.valid("json");
    await checkReferences(c.env.DB, data);
    const mobileChanged = data.mobile !== stored.mobile;
    if (mobileChanged) {
      const other = await pidWithMobile(c.env.DB, data.mobile, pid);
      if (other !== null) throw mobileTaken(other);
    }
    const now = new Date();
    try {
      await writeCorrection(c, pid, "correct_parents", changedFields(stored, data), correctParents(c.env.DB, pid, data), [
        ...(mobileChanged
          ? [
              closeCodesToOtherNumbers(c.env.DB, pid, data.mobile, now),
              ...followNumberChange(c.env.DB, pid, data.mobile, now),
              endMemberSessions(c.env.DB, pid, now),
              revokeMemberLinks(c.env.DB, pid, now),
            ]
          : []),
      ]);
    } catch (error) {
      // Another member took the number meanwhile: the unique index decides.
      if (String(error).includes("UNIQUE constraint failed: members.mobile")) {
        throw mobileTaken(await pidWithMobile(c.env.DB, data.mobile, pid));
      }
      throw error;
    }
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  });

export default adminMemberProfile;
