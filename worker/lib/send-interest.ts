import { MESSAGES } from "../../shared/messages.ts";
import { interestReceivedMessage } from "../../shared/whatsapp-messages.ts";
import { getInterest, openInterest, type InterestState } from "../db/interests.ts";
import { getMemberContact, getMemberLanguage, type MemberContact } from "../db/members.ts";
import { enqueueMessage } from "../db/outbox.ts";
import { config, type AppContext } from "../env.ts";
import { ApiError, notFound } from "./errors.ts";
import { issueAutoLoginLink } from "./link-tokens.ts";
import { deliverOutboxSoon } from "./whatsapp/deliver-outbox.ts";

// Sending interest, shared by the member's call (send_interest) and the
// agency's (admin/profile_interest): the request, the owner's WhatsApp
// message and its one-tap link are one batch, written only if the request
// was opened (ADR 0012).

export type InterestStatus = "sent" | "pending" | "approved" | "denied";
export type RequestState = "none" | "withdrawn" | "pending" | "approved" | "denied";

export function stateOf(interest: InterestState | null): RequestState {
  if (!interest) return "none";
  if (interest.deletedAt) return "withdrawn";
  if (interest.deniedAt) return "denied";
  if (interest.approvedAt) return "approved";
  return "pending";
}

export const ALREADY: Record<"pending" | "approved" | "denied", string> = {
  pending: "You have already sent interest to this profile. Waiting for approval",
  approved: "The profile owner has already approved your request",
  denied: "The profile owner did not accept your request",
};

/** The two members of a request: both must exist and be active (the agency may act for a deactivated sender), and be of different genders. */
export async function requestParties(c: AppContext, fromPid: number, toPid: number): Promise<{ from: MemberContact; to: MemberContact }> {
  if (fromPid === toPid) throw new ApiError(400, "BAD_REQUEST", "This is your own profile.");
  const [from, to] = await Promise.all([getMemberContact(c.env.DB, fromPid), getMemberContact(c.env.DB, toPid)]);
  if (!from || !to || !from.active || !to.active) throw notFound(MESSAGES.profileNotFound);
  if (from.gender === to.gender) {
    throw new ApiError(400, "BAD_REQUEST", from.gender === "F" ? "You can send interest to grooms only." : "You can send interest to brides only.");
  }
  return { from, to };
}

/**
 * Opens a request from `fromPid` to `toPid` and tells the owner. A request
 * that already stands answers 409, or its state when `skip` is set (the
 * /request flow only needs to know it stands). `thenIfOpened` is written in
 * the same batch, only when the request opened (the agency's audit entry).
 */
export async function sendInterest(
  c: AppContext,
  fromPid: number,
  toPid: number,
  skip = false,
  thenIfOpened?: (db: D1Database) => D1PreparedStatement,
): Promise<{ status: InterestStatus }> {
  const { to: owner } = await requestParties(c, fromPid, toPid);
  const origin = new URL(c.req.url).origin;
  const language = await getMemberLanguage(c.env.DB, toPid);
  // The owner's one-tap link opens the list of members interested in them.
  const link = await issueAutoLoginLink(c.env.DB, { origin, kind: "interest", memberPid: toPid, targetPid: fromPid, onlyIfPreviousChanged: true });
  const text = interestReceivedMessage(language, { agency: config(c.env).agencyName, fromPid, toPid, origin, path: link.url.slice(origin.length + 1) });
  const [opened] = await c.env.DB.batch([
    openInterest(c.env.DB, fromPid, toPid),
    enqueueMessage(c.env.DB, { memberPid: toPid, toMobile: owner.mobile, kind: "interest_received", language, ...text }, { onlyIfPreviousChanged: true }),
    link.statement,
    // The link is written only when the request opened, so changes() still tells.
    ...(thenIfOpened ? [thenIfOpened(c.env.DB)] : []),
  ]);
  if (opened?.results.length) {
    deliverOutboxSoon(c);
    return { status: "sent" };
  }
  const state = stateOf(await getInterest(c.env.DB, fromPid, toPid));
  if (state === "none" || state === "withdrawn") throw new Error("interest neither opened nor standing");
  if (skip) return { status: state };
  throw new ApiError(409, "CONFLICT", ALREADY[state]);
}
