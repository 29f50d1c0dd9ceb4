import { Hono } from "hono";
import type { ApiSuccess, DeleteProfileCodeSent, ProfileDeletion } from "#shared/api-types.ts";
import { toStoredDisplayDate } from "#shared/dates.ts";
import { deleteProfileSchema, staffDeleteProfileSchema } from "#shared/schemas/delete-profile.ts";
import { profileIdField } from "#shared/schemas/search.ts";
import { closeDataRequest, getDataRequest } from "../db/data-requests.ts";
import { deletedProfile } from "../db/erasure.ts";
import { getCredentials, getMemberContact, getMemberLanguage } from "../db/members.ts";
import { auditEntry } from "../db/staff.ts";
import { config, type AppEnv, type MemberContext, type StaffContext } from "../env.ts";
import { NO_MEMBER } from "../lib/admin-member.ts";
import { deleteProfile, erasureTime, refuseDeletedProfile, type Deletion } from "../lib/erasure.ts";
import { ApiError, notFound, text, unauthenticated } from "../lib/errors.ts";
import { codeAllowance, codeSent, limitedCodeStatements, newCode } from "../lib/one-time-codes.ts";
import { verifyPassword } from "../lib/password.ts";
import { takePasswordAttempt } from "../lib/sign-in.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { requireMember, requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";
import { checkCode } from "./account.ts";
import { publicListsGeneration } from "./public-pages.ts";

// "Delete my profile" (ADR 0034): the member confirms with their password or
// a code sent to their WhatsApp, or staff delete on the member's request.
// The profile is hidden everywhere at once and erased ERASURE_AFTER_DAYS
// later by the cron. Mounted at /api/users and /api/admin/members.

const WRONG_PASSWORD = text("server.passwordWrong");

/** After a deletion: cached public lists drop the profile now, not in a minute (ADR 0029). */
async function afterDeletion(c: MemberContext | StaffContext, deletion: Deletion | null): Promise<ProfileDeletion> {
  if (!deletion) throw new ApiError(409, "CONFLICT", text("server.alreadyDeleted"));
  await publicListsGeneration.renew(c);
  return { erasedOn: deletion.erasedOn };
}

const wrongPassword = () => new ApiError(400, "VALIDATION_FAILED", WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });

/** The password, counted like a sign-in before it is checked (ADR 0014, ADR 0024); the hash it matched. */
async function provePassword(c: MemberContext, pid: number, password: string, now: Date): Promise<string> {
  await takePasswordAttempt(c, { pid }, now);
  const member = await getCredentials(c.env.DB, pid);
  if (!member) throw unauthenticated();
  if (!(await verifyPassword(password, member.passwordHash, config(c.env).passwordPepper))) throw wrongPassword();
  return member.passwordHash;
}

export const memberDeleteProfile = new Hono<AppEnv>()
  .post("/delete_profile/code", requireMember(), async (c) => {
    const pid = c.var.member.pid;
    const now = new Date();
    const member = await getMemberContact(c.env.DB, pid);
    if (!member) throw unauthenticated();
    const allowance = await codeAllowance(c.env.DB, pid, member.mobile, "delete_profile", now);
    if (!allowance.allowed) {
      throw new ApiError(429, "TOO_MANY_REQUESTS", text("server.tooManyDeleteCodes"), {}, { "Retry-After": String(allowance.retryAfterSeconds) });
    }
    const language = await getMemberLanguage(c.env.DB, pid);
    const issued = await newCode(c.env, config(c.env), { reason: "delete_profile", mobile: member.mobile, language, pid, origin: new URL(c.req.url).origin, now });
    await c.env.DB.batch(limitedCodeStatements(c.env.DB, pid, issued));
    deliverOutboxSoon(c);
    const sent: DeleteProfileCodeSent = { sent: true, ...codeSent(c.env) };
    return c.json({ data: sent } satisfies ApiSuccess<DeleteProfileCodeSent>);
  })
  .post("/delete_profile", requireMember(), ...jsonBody(deleteProfileSchema), async (c) => {
    const { pid } = c.var.member;
    const { password, code } = c.req.valid("json");
    const now = new Date();
    const whilePasswordHash = password === undefined ? undefined : await provePassword(c, pid, password, now);
    if (code !== undefined) await checkCode(c, pid, "delete_profile", code, now);
    const deletion = await deleteProfile(c.env, pid, now, whilePasswordHash === undefined ? {} : { whilePasswordHash });
    // Not deleted now, nor before: a reset landed while the password was checked, which made it the old one.
    if (!deletion && whilePasswordHash !== undefined && !(await deletedProfile(c.env.DB, pid))) throw wrongPassword();
    return c.json({ data: await afterDeletion(c, deletion) } satisfies ApiSuccess<ProfileDeletion>);
  });

/**
 * The data request a staff deletion answers: an open erasure request of this
 * member (or of nobody named); it is closed with the deletion.
 */
async function requestToClose(c: StaffContext, pid: number, requestId: number): Promise<void> {
  const request = await getDataRequest(c.env.DB, requestId);
  if (!request) throw notFound(`There is no data request ${requestId}.`);
  if (request.kind !== "erasure") throw new ApiError(409, "CONFLICT", `Data request ${requestId} is a ${request.kind} request, not an erasure request.`);
  if (request.pid !== null && request.pid !== pid) throw new ApiError(409, "CONFLICT", `Data request ${requestId} is about Profile ID ${request.pid}, not ${pid}.`);
  if (request.status !== "open") throw new ApiError(409, "CONFLICT", `Data request ${requestId} is closed already.`);
}

export const staffDeleteProfile = new Hono<AppEnv>().post("/:pid/delete_profile", requireStaff(), ...jsonBody(staffDeleteProfileSchema), async (c) => {
  const pid = parseOrThrow(profileIdField, c.req.param("pid"));
  const { requestId } = c.req.valid("json");
  const now = new Date();
  if (!(await getMemberContact(c.env.DB, pid))) throw notFound(NO_MEMBER);
  await refuseDeletedProfile(c, pid);
  if (requestId !== undefined) await requestToClose(c, pid, requestId);
  const { erasedOn } = erasureTime(c.env, now);
  const outcome = `Profile deleted at once; its data is erased on ${toStoredDisplayDate(erasedOn)}.`;
  const deletion = await deleteProfile(c.env, pid, now, {
    audit: auditEntry(
      c.env.DB,
      { staffId: c.var.staff.id, action: "delete_profile", target: String(pid), after: { requestId: requestId ?? null, erasedOn } },
      { onlyIfPreviousChanged: true },
    ),
    more: requestId === undefined ? [] : [closeDataRequest(c.env.DB, requestId, { staffId: c.var.staff.id, outcome, at: now.toISOString() })],
  });
  return c.json({ data: await afterDeletion(c, deletion) } satisfies ApiSuccess<ProfileDeletion>);
});
