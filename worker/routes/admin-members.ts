import { Hono } from "hono";
import type { ApiSuccess, EndedSessions } from "#shared/api-types.ts";
import type { AdminMember, AdminMemberRow, AdminOutboxMessage, Paged } from "#shared/admin-types.ts";
import { profileTypeLabel } from "#shared/constants.ts";
import { toStoredDisplayDate, todayIn } from "#shared/dates.ts";
import { balance, isPaid, type ProfileLimits } from "#shared/membership.ts";
import { membershipMessage } from "#shared/whatsapp-messages.ts";
import { memberSearchQuery, memberStatusSchema, membershipSchema, visibilitySchema, type MembershipInput } from "#shared/schemas/admin.ts";
import { profileIdField } from "#shared/schemas/search.ts";
import { logAccess } from "../db/access-log.ts";
import { getAdminMember, searchMembers, setMemberActive, setMembership, setVisibility } from "../db/admin-members.ts";
import { getMemberLanguage, setPasswordHash } from "../db/members.ts";
import { revokeMemberLinks } from "../db/link-tokens.ts";
import { closeUnsentMembershipMessages, enqueueMessage, hasUnsentMembershipMessage, latestCodeMessage, latestMessageOf } from "../db/outbox.ts";
import { endMemberSessions } from "../db/sessions.ts";
import { clearFailures } from "../db/sign-in-failures.ts";
import { auditEntry } from "../db/staff.ts";
import { memberInbound } from "../db/whatsapp-inbound.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { NO_MEMBER } from "../lib/admin-member.ts";
import { refuseDeletedProfile } from "../lib/erasure.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { codeStatements, newCode } from "../lib/one-time-codes.ts";
import { NO_PASSWORD } from "../lib/password.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { codeDelivery, forStaff } from "../lib/whatsapp/manual-delivery.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow, queryParams } from "../middleware/validate.ts";
import { renewsPublicLists } from "./public-pages.ts";

// Members in the agency console (ADR 0018), under /api/admin/members: find,
// see whole, sell or renew a membership, visibility, deactivate, reset the
// password, end sessions. Every change and its audit entry (before and
// after) are written in one batch; a change to what a published card shows
// (membership, visibility, status) renews the cached public lists (ADR 0029).

/** A paid membership that is new, or runs longer, or allows more profiles: the member is told (ADR 0020). */
function isSoldOrRenewed(before: ProfileLimits, after: ProfileLimits): boolean {
  if (!isPaid(after)) return false;
  return before.profileType !== after.profileType || (after.lastViewDate ?? "") > (before.lastViewDate ?? "") || after.profilesCount > before.profilesCount;
}

export function pidParam(c: AppContext): number {
  return parseOrThrow(profileIdField, c.req.param("pid"));
}

/** The member whole, as every console change answers (admin-member-profile.ts too). */
export async function memberOrNotFound(c: AppContext, pid: number): Promise<AdminMember> {
  const now = new Date();
  const [member, code, inbound] = await Promise.all([
    getAdminMember(c.env.DB, pid, now, todayIn(config(c.env).agencyTimeZone)),
    latestCodeMessage(c.env.DB, pid),
    memberInbound(c.env.DB, pid),
  ]);
  if (!member) throw notFound(NO_MEMBER);
  return { ...member, latestCode: code ? codeDelivery(code, now) : null, inbound };
}

/**
 * Why a membership save wrote nothing (setMembership): the profile was
 * deleted meanwhile, the member used a view, or the membership was changed,
 * most likely by other staff, since the form was loaded. Always 409: the
 * console then reloads the member and its form shows what is stored.
 */
async function refuseStaleMembership(c: AppContext, pid: number, input: MembershipInput): Promise<never> {
  await refuseDeletedProfile(c, pid);
  const now = (await memberOrNotFound(c, pid)).profileLimits;
  const onlyViewed =
    (input.expectedProfileType ?? now.profileType) === now.profileType &&
    (input.expectedProfilesCount ?? now.profilesCount) === now.profilesCount &&
    (input.expectedLastViewDate === undefined || input.expectedLastViewDate === now.lastViewDate);
  throw new ApiError(
    409,
    "CONFLICT",
    onlyViewed
      ? "The member has viewed a profile since this page was opened. Check the new numbers and save again."
      : "This membership was changed by someone else since this page was opened. Nothing was saved: check the membership as it is now and save again.",
  );
}

const adminMembers = new Hono<AppEnv>()
  .get("/", requireStaff(), queryParams(memberSearchQuery), async (c) => {
    return c.json({ data: await searchMembers(c.env.DB, c.req.valid("query"), todayIn(config(c.env).agencyTimeZone)) } satisfies ApiSuccess<Paged<AdminMemberRow>>);
  })
  .get("/:pid", requireStaff(), async (c) => {
    const pid = pidParam(c);
    const member = await memberOrNotFound(c, pid);
    // Opening a member's record reads their personal data: logged (ADR 0033).
    await logAccess(c.env.DB, { staffId: c.var.staff.id, pid, action: "open_member" }).run();
    return c.json({ data: member } satisfies ApiSuccess<AdminMember>);
  })
  .put("/:pid/membership", requireStaff(), renewsPublicLists, ...jsonBody(membershipSchema), async (c) => {
    const pid = pidParam(c);
    const before = await memberOrNotFound(c, pid);
    // No sale, and no receipt, to a member who deleted the profile (ADR 0034).
    await refuseDeletedProfile(c, pid);
    const input = c.req.valid("json");
    const after = { profileType: input.profileType, profilesCount: input.profilesCount, total: input.total, lastViewDate: input.lastViewDate };
    const cfg = config(c.env);
    const language = await getMemberLanguage(c.env.DB, pid);
    // A membership sold or renewed is confirmed to the member on WhatsApp
    // (written only if the change was, after its audit entry). A save while
    // an earlier receipt has not gone closes it, and a correction of a paid
    // membership then queues one with the corrected numbers: staff sending
    // by hand never send both (ADR 0020).
    const unsent = await hasUnsentMembershipMessage(c.env.DB, pid);
    const tells = isSoldOrRenewed(before.profileLimits, after) || (unsent && isPaid(after));
    const receipt =
      tells && after.lastViewDate !== null
        ? membershipMessage(language, {
            agency: cfg.agencyName,
            tier: profileTypeLabel(after.profileType),
            pid,
            until: toStoredDisplayDate(after.lastViewDate),
            views: balance(after),
            origin: new URL(c.req.url).origin,
          })
        : null;
    const [set] = await c.env.DB.batch([
      setMembership(c.env.DB, pid, input, todayIn(cfg.agencyTimeZone)),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "membership", target: String(pid), before: before.profileLimits, after }, { onlyIfPreviousChanged: true }),
      ...(receipt ? [enqueueMessage(c.env.DB, { memberPid: pid, toMobile: before.mobile, kind: "membership", language, ...receipt }, { onlyIfPreviousChanged: true })] : []),
      ...(unsent ? [closeUnsentMembershipMessages(c.env.DB, pid, new Date(), receipt !== null)] : []),
    ]);
    if (!set?.meta.changes) await refuseStaleMembership(c, pid, input);
    if (receipt) deliverOutboxSoon(c);
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  })
  .put("/:pid/visibility", requireStaff(), renewsPublicLists, ...jsonBody(visibilitySchema), async (c) => {
    const pid = pidParam(c);
    const before = await memberOrNotFound(c, pid);
    await refuseDeletedProfile(c, pid);
    const visibility = c.req.valid("json");
    await c.env.DB.batch([
      setVisibility(c.env.DB, pid, visibility),
      auditEntry(c.env.DB, {
        staffId: c.var.staff.id,
        action: "visibility",
        target: String(pid),
        before: { showPhoto: before.showPhoto, publicProfile: before.publicProfile },
        after: visibility,
      }),
    ]);
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  })
  .put("/:pid/status", requireStaff(), renewsPublicLists, ...jsonBody(memberStatusSchema), async (c) => {
    const pid = pidParam(c);
    const before = await memberOrNotFound(c, pid);
    const { active } = c.req.valid("json");
    if (active) await refuseDeletedProfile(c, pid);
    // Deactivating ends the sessions and revokes the links too, so that reactivating later does not revive them.
    await c.env.DB.batch([
      setMemberActive(c.env.DB, pid, active),
      ...(active ? [] : [endMemberSessions(c.env.DB, pid, new Date()), revokeMemberLinks(c.env.DB, pid, new Date())]),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: active ? "reactivate" : "deactivate", target: String(pid), before: { active: before.active }, after: { active } }),
    ]);
    return c.json({ data: await memberOrNotFound(c, pid) } satisfies ApiSuccess<AdminMember>);
  })
  // No password is made for the member (ADR 0021): the old one stops
  // working, every session and link ends, and a one-time code goes to their
  // WhatsApp, with which they set a password of their own.
  .post("/:pid/reset_password", requireStaff(), async (c) => {
    const pid = pidParam(c);
    const member = await memberOrNotFound(c, pid);
    // The code would go on WhatsApp to the member who deleted the profile.
    await refuseDeletedProfile(c, pid);
    const now = new Date();
    const issued = await newCode(c.env, config(c.env), {
      reason: "staff_reset",
      mobile: member.mobile,
      language: await getMemberLanguage(c.env.DB, pid),
      pid,
      origin: new URL(c.req.url).origin,
      now,
    });
    const reset = [setPasswordHash(c.env.DB, pid, NO_PASSWORD), endMemberSessions(c.env.DB, pid, now), revokeMemberLinks(c.env.DB, pid, now), clearFailures(c.env.DB, { pid })];
    const results = await c.env.DB.batch([
      ...reset,
      ...codeStatements(c.env.DB, pid, issued),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "reset_password", target: String(pid) }),
    ]);
    // The code's own statement (the second of codeStatements) stored nothing: the number changed
    // since it was read, and the code and its message would have gone to the old one (ADR 0022).
    if (!results[reset.length + 1]?.meta.changes) {
      throw new ApiError(409, "CONFLICT", "The member's WhatsApp number changed while the password was being reset. Reset it again to send the code to the new number.");
    }
    const message = await latestMessageOf(c.env.DB, pid, "staff_reset_code");
    if (!message) throw new Error("the code message was not written");
    deliverOutboxSoon(c);
    return c.json({ data: forStaff(message, c.var.staff) } satisfies ApiSuccess<AdminOutboxMessage>);
  })
  .post("/:pid/end_sessions", requireStaff(), async (c) => {
    const pid = pidParam(c);
    await memberOrNotFound(c, pid);
    const [ended] = await c.env.DB.batch([
      endMemberSessions(c.env.DB, pid, new Date()),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "end_sessions", target: String(pid) }),
    ]);
    return c.json({ data: { ended: ended?.meta.changes ?? 0 } } satisfies ApiSuccess<EndedSessions>);
  });

export default adminMembers;
