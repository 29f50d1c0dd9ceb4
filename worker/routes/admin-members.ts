import { Hono } from "hono";
import type { AdminMember } from "../../shared/admin-types.ts";
import { todayIn } from "../../shared/membership.ts";
import { WHATSAPP_MESSAGES, fillMessage } from "../../shared/messages.ts";
import { memberSearchQuery, memberStatusSchema, membershipSchema, visibilitySchema } from "../../shared/schemas/admin.ts";
import { profileIdField } from "../../shared/schemas/search.ts";
import { endMemberSessions, getAdminMember, searchMembers, setMemberActive, setMembership, setPasswordHash, setVisibility } from "../db/admin-members.ts";
import { revokeMemberLinks } from "../db/link-tokens.ts";
import { enqueueMessage, getOutboxMessage } from "../db/outbox.ts";
import { clearFailures } from "../db/sign-in-failures.ts";
import { auditEntry } from "../db/staff.ts";
import { config, type AppContext, type AppEnv } from "../env.ts";
import { NO_MEMBER } from "../lib/admin-member.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { generatePassword, hashPassword } from "../lib/password.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { forStaff } from "../lib/whatsapp/manual-delivery.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow, queryParams } from "../middleware/validate.ts";

// Members in the agency console (issue 7), under /api/admin/members: find,
// see whole, sell or renew a membership, visibility, deactivate, reset the
// password, end sessions. Every change and its audit entry (before and
// after) are written in one batch.

function pidParam(c: AppContext): number {
  return parseOrThrow(profileIdField, c.req.param("pid"));
}

async function memberOrNotFound(c: AppContext, pid: number): Promise<AdminMember> {
  const member = await getAdminMember(c.env.DB, pid, new Date(), todayIn(config(c.env).agencyTimeZone));
  if (!member) throw notFound(NO_MEMBER);
  return member;
}

const adminMembers = new Hono<AppEnv>()
  .get("/", requireStaff(), queryParams(memberSearchQuery), async (c) => {
    return c.json({ data: await searchMembers(c.env.DB, c.req.valid("query"), todayIn(config(c.env).agencyTimeZone)) });
  })
  .get("/:pid", requireStaff(), async (c) => c.json({ data: await memberOrNotFound(c, pidParam(c)) }))
  .put("/:pid/membership", requireStaff(), ...jsonBody(membershipSchema), async (c) => {
    const pid = pidParam(c);
    const before = await memberOrNotFound(c, pid);
    const input = c.req.valid("json");
    const after = { profileType: input.profileType, profilesCount: input.profilesCount, total: input.total, lastViewDate: input.lastViewDate };
    const [set] = await c.env.DB.batch([
      setMembership(c.env.DB, pid, input),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "membership", target: String(pid), before: before.profileLimits, after }, { onlyIfPreviousChanged: true }),
    ]);
    if (!set?.meta.changes) {
      throw new ApiError(409, "CONFLICT", "The member has viewed a profile since this page was opened. Check the new numbers and save again.");
    }
    return c.json({ data: await memberOrNotFound(c, pid) });
  })
  .put("/:pid/visibility", requireStaff(), ...jsonBody(visibilitySchema), async (c) => {
    const pid = pidParam(c);
    const before = await memberOrNotFound(c, pid);
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
    return c.json({ data: await memberOrNotFound(c, pid) });
  })
  .put("/:pid/status", requireStaff(), ...jsonBody(memberStatusSchema), async (c) => {
    const pid = pidParam(c);
    const before = await memberOrNotFound(c, pid);
    const { active } = c.req.valid("json");
    // Deactivating ends the sessions and revokes the links too, so that reactivating later does not revive them.
    await c.env.DB.batch([
      setMemberActive(c.env.DB, pid, active),
      ...(active ? [] : [endMemberSessions(c.env.DB, pid, new Date()), revokeMemberLinks(c.env.DB, pid, new Date())]),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: active ? "reactivate" : "deactivate", target: String(pid), before: { active: before.active }, after: { active } }),
    ]);
    return c.json({ data: await memberOrNotFound(c, pid) });
  })
  .post("/:pid/reset_password", requireStaff(), async (c) => {
    const pid = pidParam(c);
    const member = await memberOrNotFound(c, pid);
    const cfg = config(c.env);
    const password = generatePassword();
    const body = fillMessage(WHATSAPP_MESSAGES.passwordReset, {
      agency: cfg.agencyName,
      phone: cfg.agencyPhone,
      pid,
      password,
      url: `${new URL(c.req.url).origin}/login`,
    });
    // The new password, the ended sessions and revoked links, a fresh sign-in
    // count and the WhatsApp message are written together; the audit entry
    // never holds the password.
    const [queued] = await c.env.DB.batch([
      enqueueMessage(c.env.DB, { memberPid: pid, toMobile: member.mobile, kind: "password", body }),
      setPasswordHash(c.env.DB, pid, await hashPassword(password, cfg.passwordPepper)),
      endMemberSessions(c.env.DB, pid, new Date()),
      revokeMemberLinks(c.env.DB, pid, new Date()),
      clearFailures(c.env.DB, pid),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "reset_password", target: String(pid) }),
    ]);
    const message = await getOutboxMessage(c.env.DB, queued?.meta.last_row_id ?? 0);
    if (!message) throw new Error("the password message was not written");
    deliverOutboxSoon(c);
    return c.json({ data: forStaff(message) });
  })
  .post("/:pid/end_sessions", requireStaff(), async (c) => {
    const pid = pidParam(c);
    await memberOrNotFound(c, pid);
    const [ended] = await c.env.DB.batch([
      endMemberSessions(c.env.DB, pid, new Date()),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "end_sessions", target: String(pid) }),
    ]);
    return c.json({ data: { ended: ended?.meta.changes ?? 0 } });
  });

export default adminMembers;
