import { Hono } from "hono";
import type { ApiSuccess } from "#shared/api-types.ts";
import * as z from "zod/mini";
import type { AdminLink, IssuedLink } from "#shared/admin-types.ts";
import { AUTO_LOGIN_PATHS, NEW_PROFILES_PATH } from "#shared/links.ts";
import { signInLinkMessage } from "#shared/whatsapp-messages.ts";
import { issueLinkSchema } from "#shared/schemas/admin.ts";
import { profileIdField } from "#shared/schemas/search.ts";
import { consentGiven } from "../db/consents.ts";
import { getAdminLink, listMemberLinks, revokeLinkToken } from "../db/link-tokens.ts";
import { getMemberLanguage } from "../db/members.ts";
import { enqueueMessage, latestMessageOf } from "../db/outbox.ts";
import { endLinkSessions } from "../db/sessions.ts";
import { auditEntry } from "../db/staff.ts";
import { config, type AppEnv } from "../env.ts";
import { ApiError, notFound } from "../lib/errors.ts";
import { memberContactOrNotFound, profileOfferProblem } from "../lib/admin-member.ts";
import { refuseDeletedProfile } from "../lib/erasure.ts";
import { issueAutoLoginLink, reuseGraceStart } from "../lib/link-tokens.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { forStaff } from "../lib/whatsapp/manual-delivery.ts";
import { requireStaff } from "../middleware/auth.ts";
import { jsonBody, parseOrThrow } from "../middleware/validate.ts";

// Auto-login links in the agency console (ADR 0018, ADR 0011): staff issue a
// profile, interest or WhatsApp link for a member and send it by copy or
// click-to-chat; they revoke one that went to the wrong person, which also
// signs out whoever it signed in (ADR 0024). The token is shown once, when
// issued; the console names links by their stored hash. Mounted at
// /api/admin.

const NO_LINK = "There is no such link.";
const linkHash = z.string().check(z.regex(/^[0-9a-f]{64}$/, "This is not a link of the console"));

const adminLinks = new Hono<AppEnv>()
  .get("/members/:pid/links", requireStaff(), async (c) => {
    const pid = parseOrThrow(profileIdField, c.req.param("pid"));
    await memberContactOrNotFound(c, pid);
    const now = new Date();
    return c.json({ data: await listMemberLinks(c.env.DB, pid, now, reuseGraceStart(now)) } satisfies ApiSuccess<AdminLink[]>);
  })
  .post("/members/:pid/links", requireStaff(), ...jsonBody(issueLinkSchema), async (c) => {
    const pid = parseOrThrow(profileIdField, c.req.param("pid"));
    const { kind, targetPid } = c.req.valid("json");
    const member = await memberContactOrNotFound(c, pid);
    await refuseDeletedProfile(c, pid);
    // A link of a deactivated member would open a sign-in that is refused.
    if (!member.active) throw new ApiError(409, "CONFLICT", "This member is deactivated. Reactivate the member before sending a link.");
    if (targetPid !== undefined) {
      if (targetPid === pid)
        throw new ApiError(400, "VALIDATION_FAILED", "A link cannot open the member's own profile.", { fields: { targetPid: "A link cannot open the member's own profile." } });
      const target = await memberContactOrNotFound(c, targetPid);
      // As for a recommendation: the card would be refused to the member (admin-recommendations.ts).
      const problem = profileOfferProblem(member, target);
      const refusal = problem === "sameGender" ? "A link can open only a profile of the other gender." : problem === "deactivated" ? "This profile is deactivated." : null;
      if (refusal) throw new ApiError(400, "VALIDATION_FAILED", refusal, { fields: { targetPid: refusal } });
    }
    const now = new Date();
    const origin = new URL(c.req.url).origin;
    const language = await getMemberLanguage(c.env.DB, pid);
    // Sessions it opens are shown to the member as opened by the agency's link.
    const issued = await issueAutoLoginLink(c.env.DB, { origin, kind, memberPid: pid, issuedBy: c.var.staff.id, language, ...(targetPid ? { targetPid } : {}) }, now);
    // The link goes to the member as the sign-in-link template (or by hand
    // from the outbox), written with the link itself.
    const text = signInLinkMessage(language, { agency: config(c.env).agencyName, pid, origin, path: issued.url.slice(origin.length + 1) });
    await c.env.DB.batch([
      issued.statement,
      enqueueMessage(c.env.DB, { memberPid: pid, toMobile: member.mobile, kind: "link", language, ...text }),
      auditEntry(c.env.DB, { staffId: c.var.staff.id, action: "issue_link", target: String(pid), after: { kind, targetPid: targetPid ?? null } }),
    ]);
    const [stored, message] = await Promise.all([getAdminLink(c.env.DB, issued.hash, now, reuseGraceStart(now)), latestMessageOf(c.env.DB, pid, "link")]);
    if (!stored || !message) throw new Error("the issued link was not stored");
    deliverOutboxSoon(c);
    // The "Newly Added Profiles" link is the agency's promotional message:
    // offered only for a member who consents to promotions (ADR 0033).
    const promotes = kind === "profile" && (await consentGiven(c.env.DB, pid, "promotions"));
    const newProfilesUrl = promotes ? issued.url.replace(AUTO_LOGIN_PATHS.profile, NEW_PROFILES_PATH) : null;
    const result: IssuedLink = { link: stored.link, url: issued.url, newProfilesUrl, message: forStaff(message, c.var.staff) };
    return c.json({ data: result } satisfies ApiSuccess<IssuedLink>);
  })
  .post("/links/:id/revoke", requireStaff(), async (c) => {
    const hash = parseOrThrow(linkHash, c.req.param("id"));
    const now = new Date();
    const found = await getAdminLink(c.env.DB, hash, now, reuseGraceStart(now));
    if (!found) throw notFound(NO_LINK);
    await c.env.DB.batch([
      revokeLinkToken(c.env.DB, hash, now),
      auditEntry(
        c.env.DB,
        { staffId: c.var.staff.id, action: "revoke_link", target: String(found.memberPid), before: { kind: found.link.kind, revokedAt: found.link.revokedAt } },
        { onlyIfPreviousChanged: true },
      ),
      // Whoever the link signed in is signed out: in the same batch as the
      // revocation, and link sign-ins are one batch too, so none slips between.
      endLinkSessions(c.env.DB, hash, now),
    ]);
    const revoked = await getAdminLink(c.env.DB, hash, now, reuseGraceStart(now));
    if (!revoked) throw notFound(NO_LINK);
    return c.json({ data: revoked.link } satisfies ApiSuccess<AdminLink>);
  });

export default adminLinks;
