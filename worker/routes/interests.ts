import { Hono } from "hono";
import type { ApiSuccess, InterestResult } from "#shared/api-types.ts";
import { interestSchema, profileRefSchema } from "#shared/schemas/interest.ts";
import { interestApprovedMessage } from "#shared/whatsapp-messages.ts";
import { decideInterest, getInterest, hideProfile, unhideProfile, withdrawInterest } from "../db/interests.ts";
import { getMemberContact, getMemberLanguage, type MemberContact } from "../db/members.ts";
import { enqueueMessage } from "../db/outbox.ts";
import { config, type AppContext, type AppEnv, type MemberContext } from "../env.ts";
import { ApiError, notFound, type Text, text } from "../lib/errors.ts";
import { trackLink } from "../lib/link-analytics.ts";
import { issueAutoLoginLink } from "../lib/link-tokens.ts";
import { ALREADY, requestParties, sendInterest, stateOf, type InterestStatus, type RequestState } from "../lib/send-interest.ts";
import { deliverOutboxSoon } from "../lib/whatsapp/deliver-outbox.ts";
import { requireMember } from "../middleware/auth.ts";
import { jsonBody } from "../middleware/validate.ts";

// The interest lifecycle (§ "Interest"; ADR
// 0012). A member acts only as themselves. Each change and
// the WhatsApp message about it are one batch, and the message is written
// only if the change happened, so a repeated request sends nothing twice.
// Mounted at /api: each route names its own auth.

/** The other member of a request the signed-in member acts on. */
async function otherMember(c: MemberContext, pid: number): Promise<MemberContact> {
  return (await requestParties(c, c.var.member.pid, pid)).to;
}

function asMe(c: MemberContext, fpid: number): void {
  if (fpid !== c.var.member.pid) throw new ApiError(403, "FORBIDDEN", text("server.ownProfileOnly"));
}

const interests = new Hono<AppEnv>()
  .post("/send_interest", requireMember(), ...jsonBody(interestSchema), async (c) => {
    const { fpid, tpid, skip } = c.req.valid("json");
    asMe(c, fpid);
    // skip marks the WhatsApp request flow (/request): its outcome is a step of that flow.
    try {
      const result = await sendInterest(c, fpid, tpid, { skip });
      if (skip) trackLink(c, { link: "request", step: "interest", outcome: "success", pid: fpid });
      return c.json({ data: result } satisfies ApiSuccess<InterestResult>);
    } catch (error) {
      if (skip) trackLink(c, { link: "request", step: "interest", outcome: "failure", pid: fpid });
      throw error;
    }
  })
  .post("/delete_interest", requireMember(), ...jsonBody(interestSchema), async (c) => {
    const { fpid, tpid } = c.req.valid("json");
    asMe(c, fpid);
    if (await withdrawInterest(c.env.DB, fpid, tpid)) return c.json({ data: { status: "withdrawn" } } satisfies ApiSuccess<{ status: "withdrawn" }>);
    const state = stateOf(await getInterest(c.env.DB, fpid, tpid));
    if (state === "none") throw notFound(text("server.noRequestToWithdraw"));
    throw new ApiError(409, "CONFLICT", state === "withdrawn" ? text("server.alreadyWithdrawn") : ALREADY.denied);
  })
  .post("/approve_interest", requireMember(), ...jsonBody(profileRefSchema), async (c) => {
    const requesterPid = c.req.valid("json").pid;
    const me = c.var.member.pid;
    const requester = await otherMember(c, requesterPid);
    const language = await getMemberLanguage(c.env.DB, requesterPid);
    const origin = new URL(c.req.url).origin;
    // The requester is told on WhatsApp with a one-tap link to the profile,
    // never the phone number itself (ADR 0020). Approving charges nothing:
    // the requester's view is charged when they confirm "Yes, I want to
    // see" (ADR 0012).
    const link = await issueAutoLoginLink(c.env.DB, { origin, kind: "whatsapp", memberPid: requesterPid, targetPid: me, onlyIfPreviousChanged: true, language });
    const text = interestApprovedMessage(language, { agency: config(c.env).agencyName, approverPid: me, requesterPid, origin, path: link.url.slice(origin.length + 1) });
    const [result] = await c.env.DB.batch([
      decideInterest(c.env.DB, requesterPid, me, "approve"),
      enqueueMessage(c.env.DB, { memberPid: requesterPid, toMobile: requester.mobile, kind: "interest_approved", language, ...text }, { onlyIfPreviousChanged: true }),
      link.statement,
    ]);
    if (!result?.results.length) return alreadyDecided(c, requesterPid, me);
    deliverOutboxSoon(c);
    return c.json({ data: { status: "approved" satisfies InterestStatus } } satisfies ApiSuccess<{ status: "approved" }>);
  })
  .post("/reject_interest", requireMember(), ...jsonBody(profileRefSchema), async (c) => {
    const requesterPid = c.req.valid("json").pid;
    await otherMember(c, requesterPid);
    // Declining sends no message: the requester sees it on their list.
    const [result] = await c.env.DB.batch([decideInterest(c.env.DB, requesterPid, c.var.member.pid, "reject")]);
    if (!result?.results.length) return alreadyDecided(c, requesterPid, c.var.member.pid);
    return c.json({ data: { status: "denied" satisfies InterestStatus } } satisfies ApiSuccess<{ status: "denied" }>);
  })
  .post("/remove_profile", requireMember(), ...jsonBody(profileRefSchema), async (c) => {
    const pid = c.req.valid("json").pid;
    const other = await getMemberContact(c.env.DB, pid);
    if (!other || pid === c.var.member.pid) throw notFound(text("server.profileNotFound"));
    await hideProfile(c.env.DB, c.var.member.pid, pid);
    return c.json({ data: { requestStatus: "D" } } satisfies ApiSuccess<{ requestStatus: "D" }>);
  })
  // Undo of remove_profile, offered for a few seconds after it (ADR 0015).
  .post("/restore_profile", requireMember(), ...jsonBody(profileRefSchema), async (c) => {
    const pid = c.req.valid("json").pid;
    if (pid === c.var.member.pid || !(await getMemberContact(c.env.DB, pid))) throw notFound(text("server.profileNotFound"));
    await unhideProfile(c.env.DB, c.var.member.pid, pid);
    return c.json({ data: { restored: true } } satisfies ApiSuccess<{ restored: true }>);
  });

/** The answer when a decision was already taken (or the request was withdrawn). */
async function alreadyDecided(c: AppContext, fromPid: number, toPid: number): Promise<never> {
  const state = stateOf(await getInterest(c.env.DB, fromPid, toPid));
  const said: Record<RequestState, Text> = {
    none: text("server.noRequestFromProfile"),
    withdrawn: text("server.requestWithdrawn"),
    pending: text("server.requestStillPending"),
    approved: text("server.alreadyApprovedByYou"),
    denied: text("server.alreadyRejectedByYou"),
  };
  throw state === "none" ? notFound(said.none) : new ApiError(409, "CONFLICT", said[state]);
}

export default interests;
